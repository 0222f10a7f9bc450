import { telemetry } from './telemetry';
import { createLifecycle } from '@kassa/platform/lifecycle';
import { createLogger } from '@kassa/platform/logging';
import { startNotifications } from './app';
import { loadNotificationsConfig } from './config';

/** Composition root: config → logger → the service (ORM → NATS → gRPC → consumer → worker → sweeper → relay → HTTP edge) → lifecycle. */
async function main(): Promise<void> {
  const config = loadNotificationsConfig();
  const logger = createLogger({ service: config.serviceName, level: config.logLevel });
  const lifecycle = createLifecycle(logger);
  lifecycle.onShutdown('telemetry', 'telemetry', () => telemetry.shutdown());
  await startNotifications(config, { logger, lifecycle });
}

main().catch(async (error: unknown) => {
  console.error('notifications failed to start', error);
  await telemetry.shutdown().catch(() => undefined);
  process.exit(1);
});
