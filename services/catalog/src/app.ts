import type { Logger } from 'pino';
import { createOrganisationAuthorizer } from '@kassa/platform/authorization';
import { deriveShopAccessKey, parseKey } from '@kassa/platform/crypto';
import { callerKeyOf } from '@kassa/platform/grpc';
import { createQueue } from '@kassa/platform/jobs';
import type { Lifecycle } from '@kassa/platform/lifecycle';
import { grpcService, openServiceConnections, serveService, startServiceRelay } from '@kassa/platform/service';
import type { CatalogContext } from './application/catalog-context';
import type { CatalogConfig } from './config';
import { CATALOG_STREAM } from './events/subjects';
import { eventHandlers, eventService } from './grpc/event.handlers';
import { shopHandlers, shopService } from './grpc/shop.handlers';
import { DEADLINES_QUEUE, createDeadlineScheduler, startDeadlineWorker } from './jobs/event-deadlines.job';
import { startDeadlineSweeper } from './jobs/sweep-deadlines.job';
import { catalogEntities } from './persistence/schema';

export interface CatalogOptions {
  /** How often the deadline sweeper runs (default one minute). */
  sweepIntervalMs?: number;
}

/**
 * Starts every part of the catalog service and registers how each one stops.
 * main.ts calls it; integration tests call it too, so they run the real wiring.
 */
export async function startCatalog(
  config: CatalogConfig,
  logger: Logger,
  lifecycle: Lifecycle,
  options: CatalogOptions = {},
) {
  const connections = await openServiceConnections({
    config: config,
    logger,
    lifecycle,
    entities: catalogEntities,
    stream: CATALOG_STREAM,
  });
  const { orm, nats, namespace } = connections;

  // identity answers every organiser call's authorisation; nothing about memberships is kept here.
  const authorizer = createOrganisationAuthorizer({
    identityAddress: config.IDENTITY_GRPC_ADDRESS,
    callerKey: callerKeyOf(config),
  });
  lifecycle.onShutdown('connections', 'identity client', () => authorizer.close());

  const queueName = namespace.queue(DEADLINES_QUEUE);
  const queue = createQueue(queueName, { redisUrl: config.redisUrl });
  lifecycle.onShutdown('connections', 'deadline queue', () => queue.close());

  const now = () => new Date();
  const shopAccessKey = deriveShopAccessKey(parseKey(config.KASSA_SEALING_KEY));
  const ctx: CatalogContext = {
    orm,
    authorizer,
    scheduler: createDeadlineScheduler(queue, now),
    logger,
    now,
    shopAccessKey,
  };

  const worker = startDeadlineWorker(ctx, { queueName, redisUrl: config.redisUrl, logger });
  lifecycle.onShutdown('consumers', 'deadline worker', () => worker.close());
  const sweeper = startDeadlineSweeper(ctx, { logger, intervalMs: options.sweepIntervalMs });
  lifecycle.onShutdown('consumers', 'deadline sweeper', () => sweeper.stop());
  await sweeper.runOnce();

  const relay = startServiceRelay(connections, { logger, lifecycle });

  const { grpcPort, httpPort } = await serveService({
    config,
    logger,
    lifecycle,
    grpc: [grpcService(eventService, eventHandlers(ctx)), grpcService(shopService, shopHandlers(ctx))],
    // Redis keeps the event deadlines' jobs.
    readiness: { orm, redis: () => queue.count(), nats },
  });

  logger.info({ grpcPort, httpPort }, 'catalog started');
  return { grpcPort, httpPort, ctx, relay, sweeper, namespace };
}
