import { telemetry } from './telemetry';
import { createLifecycle } from '@kassa/platform/lifecycle';
import { createLogger } from '@kassa/platform/logging';
import { startNotifications } from './app';
import { loadNotificationsConfig } from './config';

/**
 * Composition root: config → logger → the service (Wallet signing → ORM → NATS + KASSA_NOTIFICATIONS stream → identity
 * client → SMTP, send queue, Redis → identity's, ordering's and ticketing's consumers → send worker and unsent sweeper →
 * outbox relay → gRPC (messages, public forms) → HTTP edge) → lifecycle.
 */
const config = loadNotificationsConfig();
const logger = createLogger({ service: 'notifications', level: config.logLevel });
const lifecycle = createLifecycle(logger);
lifecycle.onShutdown('telemetry', 'telemetry', () => telemetry.shutdown());

startNotifications(config, logger, lifecycle).catch(async (error: unknown) => {
  logger.fatal({ err: error }, 'notifications failed to start');
  await lifecycle.shutdown('start-up failure', { failure: true });
  process.exit(1);
});
