// `npm run migrate -w @kassa/identity`: migrations run as their own step (a Job in Kubernetes), never at start-up.
import { loadConfig } from '@kassa/platform/config';
import { runMigrationCommand } from '@kassa/platform/persistence';
import { identityEntities, identityMigrations } from './schema';

void runMigrationCommand({
  config: loadConfig('identity', { database: 'identity', grpcPort: 50051, httpPort: 9101 }),
  entities: identityEntities,
  migrations: identityMigrations,
});
