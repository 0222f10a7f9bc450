import { telemetry } from './telemetry';
import { createLifecycle } from '@kassa/platform/lifecycle';
import { createLogger } from '@kassa/platform/logging';
import { startPayments } from './app';
import { loadPaymentsConfig } from './config';

/**
 * Composition root: config → logger → the service (ORM → NATS + KASSA_PAYMENTS stream → identity and ordering
 * clients → provider (demo or Stripe) → ordering's consumers → reconciliation → outbox relay → gRPC → HTTP edge) → lifecycle.
 */
const config = loadPaymentsConfig();
const logger = createLogger({ service: 'payments', level: config.logLevel });
const lifecycle = createLifecycle(logger);
lifecycle.onShutdown('telemetry', 'telemetry', () => telemetry.shutdown());

startPayments(config, logger, lifecycle).catch(async (error: unknown) => {
  logger.fatal({ err: error }, 'payments failed to start');
  await lifecycle.shutdown('start-up failure', { failure: true });
  process.exit(1);
});
