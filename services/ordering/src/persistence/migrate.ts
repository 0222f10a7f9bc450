// `npm run migrate -w @kassa/ordering`: migrations run as their own step (a Job in Kubernetes), never at start-up.
import { runMigrationCommand } from '@kassa/platform/persistence';
import { loadOrderingConfig } from '../config';
import { orderingEntities, orderingMigrations } from './schema';

void runMigrationCommand({ config: loadOrderingConfig(), entities: orderingEntities, migrations: orderingMigrations });
