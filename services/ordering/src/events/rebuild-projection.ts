// `npm run rebuild-projection -w @kassa/ordering`: empties the sellable projection and replays catalog's stream
// into it (events/projection-rebuild.ts). Safe while ordering runs; exits 0 when done, 1 on failure.
import { createNamespace } from '@kassa/platform/config';
import { createLogger } from '@kassa/platform/logging';
import { connectNats, serviceNatsUser } from '@kassa/platform/messaging';
import { createOrm } from '@kassa/platform/persistence';
import { bucketPolicyOf, loadOrderingConfig } from '../config';
import { orderingEntities } from '../persistence/schema';
import { rebuildProjection } from './projection-rebuild';

async function main(): Promise<void> {
  const config = loadOrderingConfig();
  const logger = createLogger({ service: 'ordering-rebuild-projection', level: config.logLevel });
  const orm = await createOrm({ databaseUrl: config.databaseUrl, entities: orderingEntities, logger });
  const nats = await connectNats({
    url: config.natsUrl,
    name: 'ordering-rebuild-projection',
    user: serviceNatsUser(config.serviceName, config.namespace),
    logger,
  });
  try {
    await rebuildProjection({
      orm,
      nats,
      namespace: createNamespace(config.namespace),
      logger,
      policy: bucketPolicyOf(config),
    });
  } catch (error) {
    logger.fatal({ err: error }, 'projection rebuild failed');
    process.exitCode = 1;
  } finally {
    await nats.close();
    await orm.close();
  }
}

void main().then(() => process.exit(process.exitCode ?? 0));
