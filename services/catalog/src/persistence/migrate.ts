// `npm run migrate -w @kassa/catalog`: migrations run as their own step (a Job in Kubernetes), never at start-up.
import { loadConfig } from '@kassa/platform/config';
import { runMigrationCommand } from '@kassa/platform/persistence';
import { CATALOG_DEFAULTS } from '../config';
import { catalogEntities, catalogMigrations } from './schema';

// Only the base settings: migrating needs no identity address.
void runMigrationCommand({
  config: loadConfig('catalog', CATALOG_DEFAULTS),
  entities: catalogEntities,
  migrations: catalogMigrations,
});
