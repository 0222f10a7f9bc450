import { Migration } from '@mikro-orm/migrations';
import { Client } from 'pg';
import pino from 'pino';
import { createOrm, ensureDatabase, platformEntities, platformMigrations, runMigrations } from '../../src/persistence';
import { quoteIdentifier, withDatabase } from '../../src/persistence/database-url';
import { adminDatabaseUrl, assertInfrastructure, uniqueName } from '../../src/testing/database';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

class Migration20990101000000TestWidgets extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table widget (id text primary key)');
  }
}
const migrations = [
  ...platformMigrations,
  { name: 'Migration20990101000000TestWidgets', class: Migration20990101000000TestWidgets },
];

async function query<T extends object>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('persistence', () => {
  const created: string[] = [];
  const newDatabaseUrl = () => {
    const name = uniqueName('kassa_test_persistence');
    created.push(name);
    return withDatabase(adminDatabaseUrl(), name);
  };

  beforeAll(async () => {
    await assertInfrastructure();
  });

  afterAll(async () => {
    for (const name of created)
      await query(adminDatabaseUrl(), `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  });

  it('creates a missing database, runs the migrations in order and is idempotent', async () => {
    const url = newDatabaseUrl();
    const dbName = created.at(-1);
    expect(await query(adminDatabaseUrl(), 'SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).toHaveLength(0);

    const first = await runMigrations({ databaseUrl: url, entities: platformEntities, migrations, logger });
    expect(first).toEqual([
      'Migration20261122000000PlatformOutboxInbox',
      'Migration20270402000000PlatformInboxPruning',
      'Migration20990101000000TestWidgets',
    ]);

    const second = await runMigrations({ databaseUrl: url, entities: platformEntities, migrations, logger });
    expect(second).toEqual([]);

    const tables = await query<{ table_name: string }>(
      url,
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(tables.map((row) => row.table_name)).toEqual(['inbox', 'mikro_orm_migrations', 'outbox', 'widget']);
  });

  it('creates the partial index on unpublished rows and the notify trigger', async () => {
    const url = newDatabaseUrl();
    await runMigrations({ databaseUrl: url, entities: platformEntities, migrations: platformMigrations, logger });
    const [index] = await query<{ indexdef: string }>(
      url,
      "select indexdef from pg_indexes where indexname = 'outbox_unpublished_idx'",
    );
    expect(index?.indexdef).toContain('WHERE (published_at IS NULL)');
    const triggers = await query<{ tgname: string }>(
      url,
      "select tgname from pg_trigger where tgrelid = 'outbox'::regclass and not tgisinternal",
    );
    expect(triggers.map((row) => row.tgname)).toEqual(['outbox_notify']);

    // A committed insert notifies kassa_outbox; the relay depends on it.
    const listener = new Client({ connectionString: url });
    await listener.connect();
    try {
      await listener.query('LISTEN kassa_outbox');
      const notified = new Promise<string>((resolve) =>
        listener.once('notification', (message) => resolve(message.channel)),
      );
      await query(
        url,
        "insert into outbox (id, subject, payload) values ('obx_test', 'kassa.test.thing.created', '\\x00')",
      );
      await expect(notified).resolves.toBe('kassa_outbox');
    } finally {
      await listener.end();
    }
  });

  it('ensureDatabase tolerates concurrent callers and an existing database', async () => {
    const url = newDatabaseUrl();
    await Promise.all([ensureDatabase(url), ensureDatabase(url), ensureDatabase(url)]);
    await ensureDatabase(url);
    expect(
      await query(adminDatabaseUrl(), 'SELECT 1 FROM pg_database WHERE datname = $1', [created.at(-1)]),
    ).toHaveLength(1);
  });

  it('createOrm maps the platform entities onto the migrated tables', async () => {
    const url = newDatabaseUrl();
    await runMigrations({ databaseUrl: url, entities: platformEntities, migrations: platformMigrations, logger });
    const orm = await createOrm({ databaseUrl: url, entities: platformEntities, logger });
    try {
      const em = orm.em.fork();
      em.create('InboxMessage', { consumer: 'billing', messageId: 'obx_1' });
      await em.flush();
      const rows = await query<{ consumer: string; message_id: string; processed_at: Date }>(
        url,
        'select * from inbox',
      );
      expect(rows).toEqual([{ consumer: 'billing', message_id: 'obx_1', processed_at: expect.any(Date) }]);
    } finally {
      await orm.close(true);
    }
  });
});
