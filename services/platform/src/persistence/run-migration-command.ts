import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { BaseConfig } from '../config';
import { createLogger } from '../logging';
import { runMigrations } from './run-migrations';

export interface MigrationCommandOptions {
  /** The service's loaded configuration: which database, and how much to log. */
  config: Pick<BaseConfig, 'serviceName' | 'databaseUrl' | 'logLevel'>;
  entities: EntitySchema[];
  /** In order; every service lists `platformMigrations` first. */
  migrations: MigrationObject[];
}

/**
 * The whole of a service's `migrate` command (migrations run as their own step, a Job in Kubernetes, never at
 * start-up): runs the pending migrations, then ends the process with 0, or logs the failure and ends it with 1.
 */
export function runMigrationCommand({ config, entities, migrations }: MigrationCommandOptions): Promise<void> {
  const logger = createLogger({ service: `${config.serviceName}-migrate`, level: config.logLevel });
  return runMigrations({ databaseUrl: config.databaseUrl, entities, migrations, logger }).then(
    (applied) => {
      logger.info({ applied }, applied.length ? 'migrations applied' : 'database up to date');
      process.exit(0);
    },
    (error: unknown) => {
      logger.fatal({ err: error }, 'migration failed');
      process.exit(1);
    },
  );
}
