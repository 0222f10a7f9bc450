import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimitedError } from '../../src/errors';
import { createRateLimiter, enforceRateLimit } from '../../src/ratelimit';

describe('rate limiter (real Redis)', () => {
  const prefix = `test:ratelimit:${randomUUID()}:`;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    await redis.connect(); // fails loudly when Redis is not running
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('allows up to the limit within a window, then refuses with retry-after', async () => {
    const limiter = createRateLimiter(redis, { prefix });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('signin:jane', { limit: 3, windowSeconds: 60 }));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[0]!.retryAfterSeconds).toBe(0);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(55);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    const ttl = await redis.pttl(`${prefix}signin:jane`);
    expect(ttl).toBeGreaterThan(0);
  });

  it('peeks without counting: allowed until hits use the limit up, then the time left', async () => {
    const limiter = createRateLimiter(redis, { prefix });
    const limit = { limit: 2, windowSeconds: 600 };
    expect(await limiter.peek('misses:a', limit)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect((await limiter.peek('misses:a', limit)).remaining).toBe(2);
    await limiter.hit('misses:a', limit);
    expect(await limiter.peek('misses:a', limit)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    await limiter.hit('misses:a', limit);
    const spent = await limiter.peek('misses:a', limit);
    expect([spent.allowed, spent.remaining]).toEqual([false, 0]);
    expect(spent.retryAfterSeconds).toBeGreaterThan(590);
  });

  it('counts keys separately', async () => {
    const limiter = createRateLimiter(redis, { prefix });
    expect((await limiter.hit('ip:1', { limit: 1, windowSeconds: 60 })).allowed).toBe(true);
    expect((await limiter.hit('ip:2', { limit: 1, windowSeconds: 60 })).allowed).toBe(true);
    expect((await limiter.hit('ip:1', { limit: 1, windowSeconds: 60 })).allowed).toBe(false);
  });

  it('never admits more than the limit under concurrent hits (atomic script)', async () => {
    const limiter = createRateLimiter(redis, { prefix });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => limiter.hit('burst', { limit: 10, windowSeconds: 60 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('opens a new window after the old one expires', async () => {
    const limiter = createRateLimiter(redis, { prefix });
    // Long enough that a busy machine cannot let the window pass between the first two hits.
    const window = { limit: 1, windowSeconds: 2 };
    expect((await limiter.hit('short', window)).allowed).toBe(true);
    const refused = await limiter.hit('short', window);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(2);
    // Wait for the window's key to be gone from Redis (PTTL -2; the condition), not for a time. PTTL answers 0 for a
    // key with less than a millisecond left, which still counts a hit into the old window.
    while ((await redis.pttl(`${prefix}short`)) !== -2) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await limiter.hit('short', window)).allowed).toBe(true);
  });

  it('enforceRateLimit throws RateLimitedError with the retry-after once the limit is used up', async () => {
    const limiter = createRateLimiter(redis, { prefix });
    await expect(enforceRateLimit(limiter, 'enforce', { limit: 1, windowSeconds: 60 })).resolves.toMatchObject({
      allowed: true,
    });
    const refused = enforceRateLimit(limiter, 'enforce', { limit: 1, windowSeconds: 60 }, 'Too many codes');
    await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
    await expect(refused).rejects.toMatchObject({ message: 'Too many codes', retryAfterSeconds: 60 });
  });
});
