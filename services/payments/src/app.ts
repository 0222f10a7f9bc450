import type { Logger } from 'pino';
import { createNamespace } from '@kassa/platform/config';
import { callerKeyOf, callerVerifiersOf, createGrpcServer } from '@kassa/platform/grpc';
import { readinessChecks, startHttpEdge } from '@kassa/platform/health';
import type { Lifecycle } from '@kassa/platform/lifecycle';
import { connectNats, ensureStream, serviceNatsUser } from '@kassa/platform/messaging';
import { startOutboxRelay } from '@kassa/platform/outbox';
import { createOrm } from '@kassa/platform/persistence';
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
  const orm = await createOrm({
    databaseUrl: config.databaseUrl,
    entities: paymentsEntities,
    logger,
    poolMax: config.databasePoolMax,
  });
  lifecycle.onShutdown('connections', 'postgres', () => orm.close());
  // Every business series from 0, so the first order, scan or e-mail shows in rate() and increase().
  initialisePaymentsMetrics();

  const namespace = createNamespace(config.namespace);
  const nats = await connectNats({
    url: config.natsUrl,
    name: 'payments',
    user: serviceNatsUser(config.serviceName, config.namespace),
    logger,
  });
  lifecycle.onShutdown('connections', 'nats', () => nats.close());
  await ensureStream(nats.jsm, {
    name: namespace.stream(PAYMENTS_STREAM.name),
    subjects: PAYMENTS_STREAM.subjects.map(namespace.subject),
  });

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

  const relay = startOutboxRelay({ orm, js: nats.js, logger, namespace });
  lifecycle.onShutdown('relays', 'outbox relay', () => relay.stop());
  // After the relay, so that what a crash left behind is published as soon as it is resolved.
  await reconciliation.runOnce();

  const grpcServer = createGrpcServer({ logger, port: config.grpcPort, callerVerifiers: callerVerifiersOf(config) });
  grpcServer.add(paymentService, paymentHandlers(ctx));
  const grpcPort = await grpcServer.start();
  lifecycle.onShutdown('ingress', 'grpc', () => grpcServer.shutdown());

  // payments keeps nothing in Redis (its deadlines are rows, swept from PostgreSQL): readiness is PostgreSQL and NATS.
  const edge = await startHttpEdge({ port: config.httpPort, logger, checks: readinessChecks({ orm, nats }) });
  lifecycle.onShutdown('ingress', 'http edge', () => edge.close());

  logger.info(
    { grpcPort, httpPort: edge.port, provider: providers.active.name, testMode: providers.active.testMode },
    'payments started',
  );
  return { grpcPort, httpPort: edge.port, ctx, relay, reconciliation, orderEnded, refunds, namespace, nats };
}
