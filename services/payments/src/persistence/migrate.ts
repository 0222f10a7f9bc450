// `npm run migrate -w @kassa/payments`: migrations run as their own step (a Job in Kubernetes), never at start-up.
import { loadConfig } from '@kassa/platform/config';
import { runMigrationCommand } from '@kassa/platform/persistence';
import { PAYMENTS_DEFAULTS } from '../config';
import { paymentsEntities, paymentsMigrations } from './schema';

// Only the base settings: migrating needs no provider keys or service addresses.
void runMigrationCommand({
  config: loadConfig('payments', PAYMENTS_DEFAULTS),
  entities: paymentsEntities,
  migrations: paymentsMigrations,
});
