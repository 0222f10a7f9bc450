// `npm run migrate -w @kassa/identity`: migrations run as their own step (a Job in Kubernetes), never at start-up.
import { loadConfig } from '@kassa/platform/config';
import { runMigrationCommand } from '@kassa/platform/persistence';
import { identityEntities, identityMigrations } from './schema';
import { localDefaults } from '@kassa/platform/topology';

void runMigrationCommand({
  config: loadConfig('identity', localDefaults('identity')),
  entities: identityEntities,
  migrations: identityMigrations,
});
