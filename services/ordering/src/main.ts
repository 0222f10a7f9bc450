import { telemetry } from './telemetry';
import { createLifecycle } from '@kassa/platform/lifecycle';
import { createLogger } from '@kassa/platform/logging';
import { startOrdering } from './app';
import { loadOrderingConfig } from './config';

/**
 * Composition root: config → logger → the service (ORM → NATS → identity client → catalog projection and payment
 * consumers → expiry jobs and sweeper → relay → gRPC → HTTP edge) → lifecycle.
 */
const config = loadOrderingConfig();
const logger = createLogger({ service: 'ordering', level: config.logLevel });
const lifecycle = createLifecycle(logger);
lifecycle.onShutdown('telemetry', 'telemetry', () => telemetry.shutdown());

startOrdering(config, logger, lifecycle).catch(async (error: unknown) => {
  logger.fatal({ err: error }, 'ordering failed to start');
  await lifecycle.shutdown('start-up failure', { failure: true });
  process.exit(1);
});
