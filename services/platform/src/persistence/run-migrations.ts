import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { createOrm } from './create-orm';
import { ensureDatabase } from './ensure-database';

export interface RunMigrationsOptions {
  databaseUrl: string;
  entities: EntitySchema[];
  /** In order; every service lists `platformMigrations` first. */
  migrations: MigrationObject[];
  logger: Logger;
}

/** Creates the database if missing, then runs the pending migrations. Returns the names of those it ran. */
export async function runMigrations(options: RunMigrationsOptions): Promise<string[]> {
  await ensureDatabase(options.databaseUrl);
  const orm = await createOrm({ ...options });
  try {
    const executed = await orm.getMigrator().up();
    const names = executed.map((migration) => migration.name);
    options.logger.info({ migrations: names }, names.length ? 'migrations applied' : 'database is up to date');
    return names;
  } finally {
    await orm.close(true);
  }
}
