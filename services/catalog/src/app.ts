import type { Logger } from 'pino';
import { createOrganisationAuthorizer } from '@kassa/platform/authorization';
import { createNamespace } from '@kassa/platform/config';
import { deriveShopAccessKey, parseKey } from '@kassa/platform/crypto';
import { callerKeyOf, callerVerifiersOf, createGrpcServer } from '@kassa/platform/grpc';
import { readinessChecks, startHttpEdge } from '@kassa/platform/health';
import { createQueue } from '@kassa/platform/jobs';
import type { Lifecycle } from '@kassa/platform/lifecycle';
import { connectNats, ensureStream, serviceNatsUser } from '@kassa/platform/messaging';
import { startOutboxRelay } from '@kassa/platform/outbox';
import { createOrm } from '@kassa/platform/persistence';
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
  const orm = await createOrm({
    databaseUrl: config.databaseUrl,
    entities: catalogEntities,
    logger,
    poolMax: config.databasePoolMax,
  });
  lifecycle.onShutdown('connections', 'postgres', () => orm.close());

  const namespace = createNamespace(config.namespace);
  const nats = await connectNats({
    url: config.natsUrl,
    name: 'catalog',
    user: serviceNatsUser(config.serviceName, config.namespace),
    logger,
  });
  lifecycle.onShutdown('connections', 'nats', () => nats.close());
  await ensureStream(nats.jsm, {
    name: namespace.stream(CATALOG_STREAM.name),
    subjects: CATALOG_STREAM.subjects.map(namespace.subject),
    maxAgeMs: CATALOG_STREAM.maxAgeMs,
  });

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

  const relay = startOutboxRelay({ orm, js: nats.js, logger, namespace });
  lifecycle.onShutdown('relays', 'outbox relay', () => relay.stop());

  const grpcServer = createGrpcServer({ logger, port: config.grpcPort, callerVerifiers: callerVerifiersOf(config) });
  grpcServer.add(eventService, eventHandlers(ctx));
  grpcServer.add(shopService, shopHandlers(ctx));
  const grpcPort = await grpcServer.start();
  lifecycle.onShutdown('ingress', 'grpc', () => grpcServer.shutdown());

  const edge = await startHttpEdge({
    port: config.httpPort,
    logger,
    checks: readinessChecks({ orm, redis: () => queue.count(), nats }),
  });
  lifecycle.onShutdown('ingress', 'http edge', () => edge.close());

  logger.info({ grpcPort, httpPort: edge.port }, 'catalog started');
  return { grpcPort, httpPort: edge.port, ctx, relay, sweeper, namespace };
}
