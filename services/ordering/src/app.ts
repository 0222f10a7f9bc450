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
import type { OrderingContext } from './application/ordering-context';
import { bucketPolicyOf, holdLimitsOf, type OrderingConfig } from './config';
import { startCatalogProjectionConsumer } from './events/catalog-projection.consumer';
import { startPaymentEventsConsumer } from './events/payment-events.consumer';
import { ORDERING_STREAM } from './events/subjects';
import { orderingHandlers, orderingService } from './grpc/ordering.handlers';
import { orderHandlers, orderService } from './grpc/orders.handlers';
import { createExpiryScheduler, ORDER_JOBS_QUEUE, startOrderWorker } from './jobs/expire-order.job';
import { startOrderSweeper } from './jobs/sweep-orders.job';
import { initialiseOrderingMetrics, observeQuotaGauges } from './metrics';
import { quotaLevels } from './persistence/quota-levels.repository';
import { guardedReservation, unguardedReservation } from './persistence/quota.repository';
import { orderingEntities } from './persistence/schema';

export interface OrderingOptions {
  /** How long to wait between looks for catalog's and payments' streams while they do not exist (default 2 s). */
  streamRetryMs?: number;
  /** The clock of the use cases (tests move it). */
  now?: () => Date;
  /** How often the order sweeper runs (default ORDER_SWEEP_INTERVAL_SECONDS). */
  sweepIntervalMs?: number;
  /**
   * TESTS ONLY: take tickets without row locks or conditions (read, then add), so that the oversell race test's
   * control run can prove the test fails without the guard. Never set by main.ts; refused in production.
   */
  unsafeReservation?: boolean;
  /** Database connections (default config.databasePoolMax, DATABASE_POOL_MAX). */
  poolMax?: number;
}

export const UNSAFE_RESERVATION_REFUSED_IN_PRODUCTION =
  'the unguarded reservation (oversell control test only) is refused in production';

/**
 * Starts every part of the ordering service and registers how each one stops.
 * main.ts calls it; integration tests call it too, so they run the real wiring.
 */
export async function startOrdering(
  config: OrderingConfig,
  logger: Logger,
  lifecycle: Lifecycle,
  options: OrderingOptions = {},
) {
  if (options.unsafeReservation && config.environment === 'production')
    throw new Error(UNSAFE_RESERVATION_REFUSED_IN_PRODUCTION);
  const orm = await createOrm({
    databaseUrl: config.databaseUrl,
    entities: orderingEntities,
    logger,
    poolMax: options.poolMax ?? config.databasePoolMax,
  });
  lifecycle.onShutdown('connections', 'postgres', () => orm.close());
  // Every business series from 0, so the first order, scan or e-mail shows in rate() and increase().
  initialiseOrderingMetrics();

  const namespace = createNamespace(config.namespace);
  const nats = await connectNats({
    url: config.natsUrl,
    name: 'ordering',
    user: serviceNatsUser(config.serviceName, config.namespace),
    logger,
  });
  lifecycle.onShutdown('connections', 'nats', () => nats.close());
  await ensureStream(nats.jsm, {
    name: namespace.stream(ORDERING_STREAM.name),
    subjects: ORDERING_STREAM.subjects.map(namespace.subject),
  });

  // identity answers every organiser call's authorisation; nothing about memberships is kept here.
  const authorizer = createOrganisationAuthorizer({
    identityAddress: config.IDENTITY_GRPC_ADDRESS,
    callerKey: callerKeyOf(config),
  });
  lifecycle.onShutdown('connections', 'identity client', () => authorizer.close());

  const queueName = namespace.queue(ORDER_JOBS_QUEUE);
  const queue = createQueue(queueName, { redisUrl: config.redisUrl });
  lifecycle.onShutdown('connections', 'queue', () => queue.close());

  const now = options.now ?? (() => new Date());
  // Read at every scrape of /metrics; stops before the pool closes.
  const stopQuotaGauges = observeQuotaGauges(() => quotaLevels(orm.em.fork(), now()));
  lifecycle.onShutdown('ingress', 'quota gauges', stopQuotaGauges);
  if (options.unsafeReservation)
    logger.warn('UNSAFE RESERVATION: tickets are taken without locks (oversell control test only)');
  const ctx: OrderingContext = {
    orm,
    logger,
    now,
    feePerTicketMinor: config.TICKET_FEE_MINOR,
    holdMinutes: config.ORDER_HOLD_MINUTES,
    holdLimits: holdLimitsOf(config),
    shopAccessKey: deriveShopAccessKey(parseKey(config.KASSA_SEALING_KEY)),
    reservation: options.unsafeReservation ? unguardedReservation() : guardedReservation(),
    authorizer,
    expiry: createExpiryScheduler(queue, now),
  };

  // catalog's snapshots → the sellable projection; waits in the background while catalog's stream is missing.
  const projection = startCatalogProjectionConsumer({
    orm,
    nats,
    logger,
    namespace,
    policy: bucketPolicyOf(config),
    streamRetryMs: options.streamRetryMs,
  });
  lifecycle.onShutdown('consumers', 'catalog projection', () => projection.stop());
  // payments' news → orders (the saga); waits in the background while payments' stream is missing.
  const payments = startPaymentEventsConsumer(ctx, { nats, logger, namespace, streamRetryMs: options.streamRetryMs });
  lifecycle.onShutdown('consumers', 'payment events', () => payments.stop());

  const worker = startOrderWorker(ctx, { queueName, redisUrl: config.redisUrl, logger });
  lifecycle.onShutdown('consumers', 'order worker', () => worker.close());
  const sweeper = startOrderSweeper(ctx, {
    logger,
    intervalMs: options.sweepIntervalMs ?? config.ORDER_SWEEP_INTERVAL_SECONDS * 1000,
  });
  lifecycle.onShutdown('consumers', 'order sweeper', () => sweeper.stop());
  await sweeper.runOnce();

  const relay = startOutboxRelay({ orm, js: nats.js, logger, namespace });
  lifecycle.onShutdown('relays', 'outbox relay', () => relay.stop());

  const grpcServer = createGrpcServer({ logger, port: config.grpcPort, callerVerifiers: callerVerifiersOf(config) });
  grpcServer.add(orderingService, orderingHandlers(ctx));
  grpcServer.add(orderService, orderHandlers(ctx));
  const grpcPort = await grpcServer.start();
  lifecycle.onShutdown('ingress', 'grpc', () => grpcServer.shutdown());

  const edge = await startHttpEdge({
    port: config.httpPort,
    logger,
    checks: readinessChecks({ orm, redis: () => queue.count(), nats }),
  });
  lifecycle.onShutdown('ingress', 'http edge', () => edge.close());

  logger.info({ grpcPort, httpPort: edge.port }, 'ordering started');
  return { grpcPort, httpPort: edge.port, ctx, projection, payments, sweeper, relay, queue, namespace, nats };
}
