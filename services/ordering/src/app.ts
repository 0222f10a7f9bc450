import type { Logger } from 'pino';
import { createOrganisationAuthorizer } from '@kassa/platform/authorization';
import { deriveShopAccessKey, parseKey } from '@kassa/platform/crypto';
import { callerKeyOf } from '@kassa/platform/grpc';
import { createQueue } from '@kassa/platform/jobs';
import type { Lifecycle } from '@kassa/platform/lifecycle';
import { grpcService, openServiceConnections, serveService, startServiceRelay } from '@kassa/platform/service';
import type { OrderingContext } from './application/ordering-context';
import { bucketPolicyOf, holdLimitsOf, type OrderingConfig } from './config';
import { startCatalogProjectionConsumer } from './events/catalog-projection.consumer';
import { startEmailDeliveriesConsumer } from './events/email-deliveries.consumer';
import { startEntranceConsumer } from './events/entrance.consumer';
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
  const connections = await openServiceConnections({
    config: { ...config, databasePoolMax: options.poolMax ?? config.databasePoolMax },
    logger,
    lifecycle,
    entities: orderingEntities,
    stream: ORDERING_STREAM,
  });
  const { orm, nats, namespace } = connections;
  // Every business series from 0, so the first order, scan or e-mail shows in rate() and increase().
  initialiseOrderingMetrics();

  // identity answers every organiser call's authorisation; nothing about memberships is kept here.
  const callerKey = callerKeyOf(config);
  const authorizer = createOrganisationAuthorizer({ identityAddress: config.IDENTITY_GRPC_ADDRESS, callerKey });
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
    callerKey,
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
  // ticketing's check-ins and conflicts, notifications' deliveries → the dashboard's projections; each waits likewise.
  const projectionOptions = { orm, nats, logger, namespace, streamRetryMs: options.streamRetryMs };
  const entrance = startEntranceConsumer(projectionOptions);
  lifecycle.onShutdown('consumers', 'entrance', () => entrance.stop());
  const deliveries = startEmailDeliveriesConsumer(projectionOptions);
  lifecycle.onShutdown('consumers', 'e-mail deliveries', () => deliveries.stop());

  const worker = startOrderWorker(ctx, { queueName, redisUrl: config.redisUrl, logger });
  lifecycle.onShutdown('consumers', 'order worker', () => worker.close());
  const sweeper = startOrderSweeper(ctx, {
    logger,
    intervalMs: options.sweepIntervalMs ?? config.ORDER_SWEEP_INTERVAL_SECONDS * 1000,
  });
  lifecycle.onShutdown('consumers', 'order sweeper', () => sweeper.stop());
  await sweeper.runOnce();

  const relay = startServiceRelay(connections, { logger, lifecycle });

  const { grpcPort, httpPort } = await serveService({
    config,
    logger,
    lifecycle,
    grpc: [grpcService(orderingService, orderingHandlers(ctx)), grpcService(orderService, orderHandlers(ctx))],
    // Redis keeps the holds' expiry jobs.
    readiness: { orm, redis: () => queue.count(), nats },
  });

  logger.info({ grpcPort, httpPort }, 'ordering started');
  return { grpcPort, httpPort, ctx, projection, payments, sweeper, relay, queue, namespace, nats };
}
