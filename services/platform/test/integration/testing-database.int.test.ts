import { Client } from 'pg';
import {
  adminDatabaseUrl,
  assertInfrastructure,
  createDatabaseFromTemplate,
  createTestDatabase,
  ensureTemplateDatabase,
  uniqueName,
} from '../../src/testing/database';

async function onAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

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
    const error = await assertInfrastructure().then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.message).toContain('PostgreSQL at 127.0.0.1:1 is not reachable');
    expect(error?.message).toContain('pg_ctlcluster 15 main start');
    expect(error?.message).toContain('Redis at 127.0.0.1:1 is not reachable');
    expect(error?.message).toContain('redis-server');
    expect(error?.message).toContain('NATS with JetStream at nats://127.0.0.1:1 is not reachable');
    expect(error?.message).toContain('nats-server');
  });

  it('names only what is missing', async () => {
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    const error = await assertInfrastructure().then(
      () => undefined,
      (caught: Error) => caught,
    );
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

  describe('template databases', () => {
    // A label of its own per run, so that this test never drops a template another run is using.
    const label = uniqueName('tpltest').toLowerCase();
    const templatesOfLabel = () =>
      onAdmin(async (client) =>
        (
          await client.query<{ datname: string }>(
            'select datname from pg_database where datname like $1 order by datname',
            [`kassa_template_${label}_%`],
          )
        ).rows.map((row) => row.datname),
      );
    const migrations: string[] = [];
    const migrate = (version: string) => async (url: string) => {
      migrations.push(version);
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create table marker (version text); insert into marker values ('${version}')`);
      } finally {
        await client.end();
      }
    };
    const copies: string[] = [];
    afterAll(async () => {
      await onAdmin(async (client) => {
        for (const name of [...copies, ...(await templatesOfLabel())])
          await client.query(`drop database if exists "${name}" with (force)`);
      });
    });

    it('migrates once per key, even when asked twice at once, and every copy holds what the migration made', async () => {
      const [first, second] = await Promise.all([
        ensureTemplateDatabase(label, 'aaaa1111aaaa', migrate('v1')),
        ensureTemplateDatabase(label, 'aaaa1111aaaa', migrate('v1')),
      ]);
      expect(first).toBe(`kassa_template_${label}_aaaa1111aaaa`);
      expect(second).toBe(first);
      // Both may have migrated a database of their own at once; only one became the template, and no half-built one is left.
      expect(await templatesOfLabel()).toEqual([first]);
      const before = migrations.length;
      expect(await ensureTemplateDatabase(label, 'aaaa1111aaaa', migrate('v1'))).toBe(first);
      expect(migrations.length).toBe(before);

      const copyName = uniqueName('kassa_test_tplcopy');
      copies.push(copyName);
      const client = new Client({ connectionString: await createDatabaseFromTemplate(copyName, first) });
      await client.connect();
      try {
        expect((await client.query('select version from marker')).rows).toEqual([{ version: 'v1' }]);
      } finally {
        await client.end();
      }
    });

    it('a new key (changed migrations) makes a new template and drops the old one', async () => {
      const newer = await ensureTemplateDatabase(label, 'bbbb2222bbbb', migrate('v2'));
      expect(migrations.at(-1)).toBe('v2');
      expect(await templatesOfLabel()).toEqual([newer]);
    });

    it('keeps to its own label: another label that starts the same keeps its templates', async () => {
      const longer = await ensureTemplateDatabase(`${label}_more`, 'dddd4444dddd', migrate('other'));
      await ensureTemplateDatabase(label, 'eeee5555eeee', migrate('v3'));
      expect(await templatesOfLabel()).toEqual([longer, `kassa_template_${label}_eeee5555eeee`].sort());
      await onAdmin((client) => client.query(`drop database "${longer}"`));
      await ensureTemplateDatabase(label, 'bbbb2222bbbb', migrate('v2'));
    });

    it('a migration that fails leaves no template behind', async () => {
      const failing = ensureTemplateDatabase(label, 'cccc3333cccc', async () => {
        throw new Error('migration failed');
      });
      await expect(failing).rejects.toThrow('migration failed');
      expect(await templatesOfLabel()).toEqual([`kassa_template_${label}_bbbb2222bbbb`]);
    });
  });
});
