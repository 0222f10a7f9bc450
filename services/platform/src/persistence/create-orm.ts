import { type EntitySchema, type MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { DATABASE_POOL_MAX_DEFAULT } from '../config';

export interface CreateOrmOptions {
  databaseUrl: string;
  entities: EntitySchema[];
  logger: Logger;
  /** Logs every query at debug level. */
  debug?: boolean;
  /** Only `runMigrations` needs these. */
  migrations?: MigrationObject[];
  /** Connection pool size (default DATABASE_POOL_MAX_DEFAULT; services pass config.databasePoolMax). */
  poolMax?: number;
}

/** MikroORM on PostgreSQL with the entities given explicitly: no discovery by path, so a bundle works. */
export async function createOrm(options: CreateOrmOptions): Promise<MikroORM> {
  const log = options.logger.child({ component: 'orm' });
  return MikroORM.init({
    clientUrl: options.databaseUrl,
    entities: options.entities,
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    extensions: [Migrator],
    migrations: {
      migrationsList: options.migrations ?? [],
      snapshot: false,
      transactional: true,
      allOrNothing: true,
      silent: false,
    },
    pool: { min: 0, max: options.poolMax ?? DATABASE_POOL_MAX_DEFAULT },
    debug: options.debug ?? false,
    logger: (message) => log.debug(message),
    // Services fork an EntityManager per request/message; the global one must never hold state.
    allowGlobalContext: false,
  });
}
