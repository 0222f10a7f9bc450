import { telemetry } from './telemetry';
import { createLifecycle } from '@kassa/platform/lifecycle';
import { createLogger } from '@kassa/platform/logging';
import { startTicketing } from './app';
import { loadTicketingConfig } from './config';

/**
 * Composition root: config → logger → the service (ORM → NATS + KASSA_TICKETING stream → identity client → ticket
 * keys → catalog's events and ordering's orders consumers → outbox relay → gRPC (tickets, scanner) → HTTP edge)
 * → lifecycle.
 */
const config = loadTicketingConfig();
const logger = createLogger({ service: 'ticketing', level: config.logLevel });
const lifecycle = createLifecycle(logger);
lifecycle.onShutdown('telemetry', 'telemetry', () => telemetry.shutdown());

startTicketing(config, logger, lifecycle).catch(async (error: unknown) => {
  logger.fatal({ err: error }, 'ticketing failed to start');
  await lifecycle.shutdown('start-up failure', { failure: true });
  process.exit(1);
});
