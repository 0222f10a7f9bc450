import type { Logger } from 'pino';
import { callerKeyOf, callerVerifiersOf } from '@kassa/platform/grpc';
import type { Lifecycle } from '@kassa/platform/lifecycle';
import { grpcService, openServiceConnections, serveService, startServiceRelay } from '@kassa/platform/service';
import type { PaymentsContext } from './application/payments-context';
import type { PaymentsConfig } from './config';
import { startOrderEndedConsumer } from './events/order-ended.consumer';
import { startRefundRequestedConsumer } from './events/refund-requested.consumer';
import { PAYMENTS_STREAM } from './events/subjects';
import { createIdentityPorts } from './grpc/identity.client';
import { createOrderLookup } from './grpc/ordering.client';
import { paymentHandlers, paymentService } from './grpc/payment.handlers';
import { startReconciliation } from './jobs/reconcile-attempts.job';
import { paymentsEntities } from './persistence/schema';
import { createProviderRegistry } from './providers/provider-registry';
import { initialisePaymentsMetrics } from './metrics';

export interface PaymentsOptions {
  /** The clock of the use cases (tests move it). */
  now?: () => Date;
  /** How long to wait between looks for ordering's stream while it does not exist (default 2 s). */
  streamRetryMs?: number;
  /** Overrides RECONCILE_INTERVAL_SECONDS (tests run the sweep by hand). */
  reconcileIntervalMs?: number;
}

/**
 * Starts every part of the payments service and registers how each one stops.
 * main.ts calls it; integration tests call it too, so they run the real wiring.
 */
export async function startPayments(
  config: PaymentsConfig,
  logger: Logger,
  lifecycle: Lifecycle,
  options: PaymentsOptions = {},
) {
  const connections = await openServiceConnections({
    config,
    logger,
    lifecycle,
    entities: paymentsEntities,
    stream: PAYMENTS_STREAM,
  });
  const { orm, nats, namespace } = connections;
  // Every business series from 0, so the first order, scan or e-mail shows in rate() and increase().
  initialisePaymentsMetrics();

  // identity authorises organiser calls and knows the organisation's currency; ordering says what an order costs.
  const identity = createIdentityPorts(config.IDENTITY_GRPC_ADDRESS, callerKeyOf(config));
  lifecycle.onShutdown('connections', 'identity client', () => identity.close());
  const orders = createOrderLookup(config.ORDERING_GRPC_ADDRESS, callerKeyOf(config));
  lifecycle.onShutdown('connections', 'ordering client', () => orders.close());

  const providers = createProviderRegistry(config);
  const ctx: PaymentsContext = {
    orm,
    logger,
    now: options.now ?? (() => new Date()),
    authorizer: identity.authorizer,
    organisations: identity.organisations,
    orders,
    callerVerifiers: callerVerifiersOf(config),
    providers,
    reconcileAfterMs: config.RECONCILE_AFTER_MINUTES * 60_000,
  };

  // ordering's messages: ended orders close their attempts, requested refunds are carried out. Both wait for
  // ordering's stream in the background when payments starts first.
  const consumerOptions = { nats, namespace, logger, streamRetryMs: options.streamRetryMs };
  const orderEnded = startOrderEndedConsumer(ctx, consumerOptions);
  lifecycle.onShutdown('consumers', 'order-ended consumer', () => orderEnded.stop());
  const refunds = startRefundRequestedConsumer(ctx, consumerOptions);
  lifecycle.onShutdown('consumers', 'refund-requested consumer', () => refunds.stop());

  const reconciliation = startReconciliation(ctx, {
    logger,
    intervalMs: options.reconcileIntervalMs ?? config.RECONCILE_INTERVAL_SECONDS * 1000,
  });
  lifecycle.onShutdown('consumers', 'reconciliation', () => reconciliation.stop());

  const relay = startServiceRelay(connections, { logger, lifecycle });
  // After the relay, so that what a crash left behind is published as soon as it is resolved.
  await reconciliation.runOnce();

  const { grpcPort, httpPort } = await serveService({
    config,
    logger,
    lifecycle,
    grpc: [grpcService(paymentService, paymentHandlers(ctx))],
    // payments keeps nothing in Redis (its deadlines are rows, swept from PostgreSQL).
    readiness: { orm, nats },
  });

  logger.info(
    { grpcPort, httpPort, provider: providers.active.name, testMode: providers.active.testMode },
    'payments started',
  );
  return { grpcPort, httpPort, ctx, relay, reconciliation, orderEnded, refunds, namespace, nats };
}
