import { readinessChecks, type ReadinessCheck, type ReadinessDependencies } from '../../src/health/readiness-checks';

function fakeOrm(execute: () => Promise<unknown>): NonNullable<ReadinessDependencies['orm']> {
  return { em: { fork: () => ({ getConnection: () => ({ execute }) }) } } as unknown as NonNullable<
    ReadinessDependencies['orm']
  >;
}

function fakeNats({
  closed = false,
  flush = async () => undefined,
}: { closed?: boolean; flush?: () => Promise<void> } = {}): NonNullable<ReadinessDependencies['nats']> {
  return { nc: { isClosed: () => closed, flush } } as unknown as NonNullable<ReadinessDependencies['nats']>;
}

describe('readinessChecks', () => {
  it('gives exactly the checks of the dependencies named, typed without optional keys', async () => {
    const checks = readinessChecks({ orm: fakeOrm(async () => [{ '?column?': 1 }]), nats: fakeNats() });
    // Compile-time: both keys are there (no `!`), and there is no redis key to pick.
    const typed: { postgres: ReadinessCheck; nats: ReadinessCheck } = checks;
    // @ts-expect-error payments-like services name no Redis, so there is no check to read.
    void checks.redis;
    expect(Object.keys(typed).sort()).toEqual(['nats', 'postgres']);
    await expect(checks.postgres()).resolves.toBeUndefined();
    await expect(checks.nats()).resolves.toBeUndefined();
  });

  it('names all three when a service has all three, and each rejects when its dependency is not usable', async () => {
    const checks = readinessChecks({
      orm: fakeOrm(async () => Promise.reject(new Error('connection refused'))),
      redis: async () => Promise.reject(new Error('ECONNREFUSED')),
      nats: fakeNats({ closed: true }),
    });
    expect(Object.keys(checks).sort()).toEqual(['nats', 'postgres', 'redis']);
    await expect(checks.postgres()).rejects.toThrow('connection refused');
    await expect(checks.redis()).rejects.toThrow('ECONNREFUSED');
    await expect(checks.nats()).rejects.toThrow('NATS connection closed');
  });

  it('leaves out a dependency given as undefined (its check is optional in the type)', () => {
    const redis: (() => Promise<unknown>) | undefined = undefined as (() => Promise<unknown>) | undefined;
    const checks = readinessChecks({ nats: fakeNats(), redis });
    const maybe: ReadinessCheck | undefined = checks.redis;
    expect(maybe).toBeUndefined();
    expect(Object.keys(checks)).toEqual(['nats']);
  });

  it('asks NATS for a round trip: a reconnecting connection is not ready', async () => {
    const checks = readinessChecks({
      nats: fakeNats({ flush: async () => Promise.reject(new Error('reconnecting')) }),
    });
    await expect(checks.nats()).rejects.toThrow('reconnecting');
  });
});
