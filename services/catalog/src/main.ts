import { telemetry } from './telemetry';
import { createLifecycle } from '@kassa/platform/lifecycle';
import { createLogger } from '@kassa/platform/logging';
import { startCatalog } from './app';
import { loadCatalogConfig } from './config';

/**
 * Composition root: config → logger → the service (ORM → NATS → identity client → jobs → sweeper → relay → gRPC → HTTP
 * edge) → lifecycle.
 */
const config = loadCatalogConfig();
const logger = createLogger({ service: 'catalog', level: config.logLevel });
const lifecycle = createLifecycle(logger);
lifecycle.onShutdown('telemetry', 'telemetry', () => telemetry.shutdown());

startCatalog(config, logger, lifecycle).catch(async (error: unknown) => {
  logger.fatal({ err: error }, 'catalog failed to start');
  await lifecycle.shutdown('start-up failure', { failure: true });
  process.exit(1);
});
