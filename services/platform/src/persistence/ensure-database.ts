import { Client } from 'pg';
import { databaseNameOf, quoteIdentifier, withDatabase } from './database-url';

// A lost race shows as either: duplicate_database, or unique_violation on pg_database when both are mid-create.
const ALREADY_CREATED = new Set(['42P04', '23505']);

/** Creates the database of `databaseUrl` when it does not exist, through the server's `postgres` database. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const name = databaseNameOf(databaseUrl);
  const admin = new Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    try {
      await admin.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
    } catch (error) {
      // Another process (a second replica's migrate job) created it in between: that is the state we want.
      if (!ALREADY_CREATED.has((error as { code?: string }).code ?? '')) throw error;
    }
  } finally {
    await admin.end();
  }
}
