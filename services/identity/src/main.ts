import { telemetry } from './telemetry';
import { createLifecycle } from '@kassa/platform/lifecycle';
import { createLogger } from '@kassa/platform/logging';
import { startIdentity } from './app';
import { loadIdentityConfig } from './config';

const config = loadIdentityConfig();
const logger = createLogger({ service: 'identity', level: config.logLevel });
const lifecycle = createLifecycle(logger);
lifecycle.onShutdown('telemetry', 'telemetry', () => telemetry.shutdown());

startIdentity(config, logger, lifecycle).catch(async (error: unknown) => {
  logger.fatal({ err: error }, 'identity failed to start');
  await lifecycle.shutdown('start-up failure', { failure: true });
  process.exit(1);
});
