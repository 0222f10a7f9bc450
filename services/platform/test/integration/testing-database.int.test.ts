import { Client } from 'pg';
import { adminDatabaseUrl, assertInfrastructure, createTestDatabase, uniqueName } from '../../src/testing/database';

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    return ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

describe('testing helpers', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('passes when PostgreSQL, Redis and NATS JetStream are running', async () => {
    await expect(assertInfrastructure()).resolves.toBeUndefined();
  });

  it('names every missing server and how to start it', async () => {
    // Port 1 on loopback: nothing listens there.
    process.env.DATABASE_ADMIN_URL = 'postgres://postgres@127.0.0.1:1/postgres';
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    process.env.NATS_URL = 'nats://127.0.0.1:1';
    const error = await assertInfrastructure().then(() => undefined, (caught: Error) => caught);
    expect(error?.message).toContain('PostgreSQL at 127.0.0.1:1 is not reachable');
    expect(error?.message).toContain('pg_ctlcluster 15 main start');
    expect(error?.message).toContain('Redis at 127.0.0.1:1 is not reachable');
    expect(error?.message).toContain('redis-server');
    expect(error?.message).toContain('NATS with JetStream at nats://127.0.0.1:1 is not reachable');
    expect(error?.message).toContain('nats-server');
  });

  it('names only what is missing', async () => {
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    const error = await assertInfrastructure().then(() => undefined, (caught: Error) => caught);
    expect(error?.message).toContain('Redis at 127.0.0.1:1');
    expect(error?.message).not.toContain('PostgreSQL at');
    expect(error?.message).not.toContain('NATS with JetStream at');
  });

  it('creates a uniquely named database and drops it even with a connection open', async () => {
    const database = await createTestDatabase('Helpers-Test');
    expect(database.name).toMatch(/^kassa_test_helpers_test_[0-9a-f]{8}$/);
    expect(await databaseExists(database.name)).toBe(true);
    const open = new Client({ connectionString: database.url });
    await open.connect();
    open.on('error', () => undefined); // terminated by DROP ... WITH (FORCE)
    await database.drop();
    expect(await databaseExists(database.name)).toBe(false);
    await open.end().catch(() => undefined);
  });

  it('uniqueName gives distinct names safe for streams, consumers, queues and subjects', () => {
    const names = new Set(Array.from({ length: 50 }, () => uniqueName('orders.test:x')));
    expect(names.size).toBe(50);
    for (const name of names) expect(name).toMatch(/^orders_test_x_[0-9a-f]{8}$/);
  });
});
