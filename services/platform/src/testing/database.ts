import { createHash, randomBytes } from 'node:crypto';
import type { MigrationObject } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { createConnection } from 'node:net';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Client } from 'pg';
import { quoteIdentifier, withDatabase } from '../persistence/database-url';
import { runMigrations, type RunMigrationsOptions } from '../persistence/run-migrations';
import { NATS_ADMIN_USER, natsAuthOptions } from '../messaging/nats-credentials';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Where tests create and drop their databases: DATABASE_ADMIN_URL, or the local server's `postgres` database. */
export function adminDatabaseUrl(): string {
  return process.env.DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL;
}

/** `label_` + 8 random hex characters: safe as a database, stream, consumer, queue name or subject token. */
export function uniqueName(label: string): string {
  return `${label.replace(/[^A-Za-z0-9_-]/g, '_')}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  /** Connection URL of the new, empty database. */
  url: string;
  name: string;
  /** Drops it, ending any connection still open (FORCE). */
  drop(): Promise<void>;
}

/** Creates `kassa_test_<label>_<random>` on the test server. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = testDatabaseName(label);
  await withAdmin(adminDatabaseUrl(), (client) => client.query(`CREATE DATABASE ${quoteIdentifier(name)}`));
  return testDatabase(name);
}

/** A service's schema, as its migrations make it. */
export interface TestSchema {
  /** Names its template (`kassa_template_<name>_<key>`), e.g. the service's name. */
  name: string;
  entities: RunMigrationsOptions['entities'];
  migrations: MigrationObject[];
}

/**
 * Creates `kassa_test_<label>_<random>` holding `schema`'s tables: a copy of a template database migrated once per
 * set of migrations (their names and code), not a migration of its own per test file.
 */
export async function createMigratedTestDatabase(
  label: string,
  schema: TestSchema,
  logger: Logger,
): Promise<TestDatabase> {
  const key = createHash('sha256');
  for (const migration of schema.migrations) key.update(`${migration.name}\n${String(migration.class)}\n`);
  const template = await ensureTemplateDatabase(schema.name, key.digest('hex'), async (url) => {
    await runMigrations({ databaseUrl: url, entities: schema.entities, migrations: schema.migrations, logger });
  });
  const name = testDatabaseName(label);
  await createDatabaseFromTemplate(name, template);
  return testDatabase(name);
}

function testDatabaseName(label: string): string {
  const safeLabel = label
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 40);
  return uniqueName(`kassa_test_${safeLabel}`);
}

function testDatabase(name: string): TestDatabase {
  const adminUrl = adminDatabaseUrl();
  return {
    url: withDatabase(adminUrl, name),
    name,
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`)),
  };
}

const TEMPLATE_PREFIX = 'kassa_template_';

/**
 * The name of a database migrated once for every test database of the same schema: `kassa_template_<label>_<key>`,
 * where `key` names the migrations (a hash of the bundle that runs them, say). Made on first use by `migrate`, on a
 * database of a temporary name that is renamed when it is done, so that a run that is interrupted, or one beside it,
 * never copies a half-migrated template. Templates of the same label with another key (older migrations) are dropped
 * then. Copying a template (`createDatabaseFromTemplate`) takes a tenth of a second where migrating takes half of one,
 * in a process of its own, per service per stack.
 */
export async function ensureTemplateDatabase(
  label: string,
  key: string,
  migrate: (url: string) => Promise<void>,
): Promise<string> {
  const prefix = `${TEMPLATE_PREFIX}${label.toLowerCase().replace(/[^a-z0-9]/g, '_')}_`;
  if (!/^[0-9a-f]{12,}$/.test(key))
    throw new Error(`a template's key is a hex digest of at least 12 characters, not ${JSON.stringify(key)}`);
  const name = `${prefix}${key.slice(0, 12)}`;
  const adminUrl = adminDatabaseUrl();
  let exists = false;
  await withAdmin(adminUrl, async (client) => {
    exists = (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  });
  if (exists) return name;
  const building = `${name}_tmp_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(building)}`));
  try {
    await migrate(withDatabase(adminUrl, building));
    await withAdmin(adminUrl, async (client) => {
      try {
        await client.query(`ALTER DATABASE ${quoteIdentifier(building)} RENAME TO ${quoteIdentifier(name)}`);
      } catch (error) {
        // Another run made the same template meanwhile: theirs is as good as ours. PostgreSQL says so as 42P04
        // (duplicate database) when theirs had committed before our rename looked, and as 23505 (the unique index of
        // pg_database) when the two renames ran at the same moment (CI saw it once).
        const code = (error as { code?: string }).code;
        if (code !== '42P04' && code !== '23505') throw error;
      }
      // Templates of this label with another key (older migrations), and what interrupted runs left half-built of
      // them; never one of this key, which a run beside this one may be building. One being copied right now stays.
      // Exactly this label's: `identity_bundle`'s templates start with `identity_`'s prefix too.
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname ~ $1 and not starts_with(datname, $2)',
        [`^${prefix}[0-9a-f]{12}($|_tmp_)`, name],
      );
      for (const { datname } of rows)
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(datname)}`).catch(() => undefined);
    });
  } finally {
    await withAdmin(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(building)} WITH (FORCE)`),
    );
  }
  return name;
}

/** Creates database `name` as a copy of `template` (ensureTemplateDatabase). */
export async function createDatabaseFromTemplate(name: string, template: string): Promise<string> {
  const adminUrl = adminDatabaseUrl();
  await withAdmin(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(template)}`),
  );
  return withDatabase(adminUrl, name);
}

async function withAdmin(adminUrl: string, work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

const TIMEOUT_MS = 3_000;

/**
 * Throws one error naming every server the integration tests need but cannot reach, and how to start it.
 * Tests call it first and fail loudly; they never skip.
 */
export async function assertInfrastructure(): Promise<void> {
  const postgresUrl = adminDatabaseUrl();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const checks = [
    {
      what: `PostgreSQL at ${new URL(postgresUrl).host}`,
      start: 'start it with `pg_ctlcluster 15 main start` (install: `apt-get install -y postgresql`)',
      check: () => withAdmin(postgresUrl, (client) => client.query('SELECT 1')),
    },
    {
      what: `Redis at ${new URL(redisUrl).host}`,
      start:
        "start it with `redis-server --bind 127.0.0.1 --port 6379 --save '' --appendonly no --daemonize yes` (install: `apt-get install -y redis-server`)",
      check: () => pingRedis(redisUrl),
    },
    {
      what: `NATS with JetStream at ${natsUrl}`,
      start:
        'start it with `nats-server -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server &` (install: `apt-get install -y nats-server`)',
      check: () => checkJetStream(natsUrl),
    },
  ];
  const results = await Promise.allSettled(checks.map((entry) => entry.check()));
  const missing = results.flatMap((result, index) => {
    if (result.status === 'fulfilled') return [];
    const entry = checks[index]!;
    const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
    return [`- ${entry.what} is not reachable (${reason}): ${entry.start}`];
  });
  if (missing.length > 0) {
    throw new Error(
      `Integration tests need PostgreSQL, Redis and NATS JetStream running locally:\n${missing.join('\n')}`,
    );
  }
}

/** A bare RESP PING over TCP: says whether a Redis answers, and leaves no client or timer behind. */
function pingRedis(redisUrl: string): Promise<void> {
  const url = new URL(redisUrl);
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: url.hostname, port: Number(url.port || 6379), timeout: TIMEOUT_MS });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (reply) => {
      socket.destroy();
      // +PONG, or an error such as -NOAUTH: either way a Redis server is there.
      if (/^[+-]/.test(reply.toString())) resolve();
      else reject(new Error(`unexpected reply ${JSON.stringify(reply.toString().slice(0, 40))}`));
    });
    socket.once('timeout', () => fail(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    socket.once('error', fail);
  });
}

async function checkJetStream(natsUrl: string): Promise<void> {
  const nc = await connect({
    servers: natsUrl,
    ...natsAuthOptions(NATS_ADMIN_USER),
    timeout: TIMEOUT_MS,
    reconnect: false,
  });
  try {
    await jetstreamManager(nc); // throws when JetStream is not enabled
  } finally {
    await nc.close();
  }
}
