import type { EntitySchema } from '@mikro-orm/core';
import { InboxMessage } from './inbox-message.entity';
import { OutboxMessage } from './outbox-message.entity';

export { createOrm, type CreateOrmOptions } from './create-orm';
export { runMigrations, type RunMigrationsOptions } from './run-migrations';
export { runMigrationCommand, type MigrationCommandOptions } from './run-migration-command';
export { ensureDatabase } from './ensure-database';
export { afterCommit, transactionalWithEffects } from './after-commit';
export { likePattern } from './like-pattern';
export { databaseNameOf, withDatabase, quoteIdentifier } from './database-url';
export { platformMigrations, OUTBOX_CHANNEL } from './platform.migration';
export { OutboxMessage, InboxMessage };

/** Every service adds these to its entities. */
export const platformEntities: EntitySchema[] = [OutboxMessage, InboxMessage];
