// `npm run migrate -w @kassa/notifications`: creates the database if missing and applies pending migrations.
import { runMigrationCommand } from '@kassa/platform/persistence';
import { loadNotificationsConfig } from '../config';
import { notificationsEntities } from './entities';
import { notificationsMigrations } from './migrations';

void runMigrationCommand({
  config: loadNotificationsConfig(),
  entities: notificationsEntities,
  migrations: notificationsMigrations,
});
