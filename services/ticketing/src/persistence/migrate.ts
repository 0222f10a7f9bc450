// `npm run migrate -w @kassa/ticketing`: migrations run as their own step (a Job in Kubernetes), never at start-up.
import { loadConfig } from '@kassa/platform/config';
import { runMigrationCommand } from '@kassa/platform/persistence';
import { TICKETING_DEFAULTS } from '../config';
import { ticketingEntities, ticketingMigrations } from './schema';

// Only the base settings: migrating needs neither the sealing key nor identity's address.
void runMigrationCommand({
  config: loadConfig('ticketing', TICKETING_DEFAULTS),
  entities: ticketingEntities,
  migrations: ticketingMigrations,
});
