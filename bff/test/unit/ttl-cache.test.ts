import { createTtlCache } from '../../server/ttl-cache';

describe('the in-process TTL cache', () => {
  let now = 1_000;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000;
  });

  it('reuses a value until its expiry, then loads again', async () => {
    const cache = createTtlCache<number>({ maxEntries: 10, now: clock });
    let calls = 0;
    const load = async () => ({ value: ++calls, expiresAt: now + 1_000 });
    expect(await cache.get('a', load)).toBe(1);
    now += 999;
    expect(await cache.get('a', load)).toBe(1);
    now += 1;
    expect(await cache.get('a', load)).toBe(2);
    expect(calls).toBe(2);
  });

  it('shares one call between concurrent misses (single flight)', async () => {
    const cache = createTtlCache<string>({ maxEntries: 10, now: clock });
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      calls += 1;
      await gate;
      return { value: 'shop', expiresAt: now + 1_000 };
    };
    const answers = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    release();
    expect(await answers).toEqual(['shop', 'shop', 'shop']);
    expect(calls).toBe(1);
  });

  it('keeps no failure: the next caller tries again', async () => {
    const cache = createTtlCache<string>({ maxEntries: 10, now: clock });
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => ({ value: 'up', expiresAt: now + 1 }))).toBe('up');
  });

  it('does not keep a value that is already expired when it arrives', async () => {
    const cache = createTtlCache<string>({ maxEntries: 10, now: clock });
    await cache.get('k', async () => ({ value: 'stale', expiresAt: now }));
    expect(cache.size()).toBe(0);
  });

  it('keeps keys apart and pushes out the oldest beyond its bound', async () => {
    const cache = createTtlCache<string>({ maxEntries: 2, now: clock });
    const load = (value: string) => async () => ({ value, expiresAt: now + 10_000 });
    await cache.get('a', load('A'));
    await cache.get('b', load('B'));
    await cache.get('c', load('C'));
    expect(cache.size()).toBe(2);
    expect(await cache.get('b', load('other'))).toBe('B');
    expect(await cache.get('a', load('A again'))).toBe('A again');
  });
});
