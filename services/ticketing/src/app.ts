import type { Logger } from 'pino';
import { createOrganisationAuthorizer } from '@kassa/platform/authorization';
import { parseKey } from '@kassa/platform/crypto';
import { callerKeyOf } from '@kassa/platform/grpc';
import type { Lifecycle } from '@kassa/platform/lifecycle';
import { grpcService, openServiceConnections, serveService, startServiceRelay } from '@kassa/platform/service';
import type { ScanningDeps } from './application/scanning-deps';
import type { TicketingContext } from './application/ticketing-context';
import type { TicketingConfig } from './config';
import { startCatalogEventsConsumer } from './events/catalog-events.consumer';
import { startMemberChangesConsumer } from './events/member-changes.consumer';
import { startOrderChangedConsumer } from './events/order-changed.consumer';
import { publishScanConflictRecorded, publishTicketCheckedIn } from './events/ticket-checked-in.publisher';
import { TICKETING_STREAM } from './events/subjects';
import { createScanningHandlers, scanService } from './grpc/scanning.handlers';
import { ticketHandlers, ticketService } from './grpc/tickets.handlers';
import { ticketingEntities } from './persistence/schema';
import { createTicketKeyStore } from './persistence/ticket-key.store';
import { initialiseTicketingMetrics } from './metrics';

export interface TicketingOptions {
  /** The clock of the use cases (tests move it). */
  now?: () => Date;
  /** How long to wait between looks for ordering's and catalog's streams while they do not exist (default 2 s). */
  streamRetryMs?: number;
  /** Database connections (default config.databasePoolMax, DATABASE_POOL_MAX). */
  poolMax?: number;
}

/**
 * Starts every part of the ticketing service and registers how each one stops.
 * main.ts calls it; integration tests call it too, so they run the real wiring.
 */
export async function startTicketing(
  config: TicketingConfig,
  logger: Logger,
  lifecycle: Lifecycle,
  options: TicketingOptions = {},
) {
  const connections = await openServiceConnections({
    config: { ...config, databasePoolMax: options.poolMax ?? config.databasePoolMax },
    logger,
    lifecycle,
    entities: ticketingEntities,
    stream: TICKETING_STREAM,
  });
  const { orm, nats, namespace } = connections;
  // Every business series from 0, so the first order, scan or e-mail shows in rate() and increase().
  initialiseTicketingMetrics();

  // identity answers every organiser and scanner call's authorisation; nothing about memberships is kept here.
  const authorizer = createOrganisationAuthorizer({
    identityAddress: config.IDENTITY_GRPC_ADDRESS,
    callerKey: callerKeyOf(config),
  });
  lifecycle.onShutdown('connections', 'identity client', () => authorizer.close());

  const now = options.now ?? (() => new Date());
  const keys = createTicketKeyStore(orm, parseKey(config.KASSA_SEALING_KEY), now);
  const ctx: TicketingContext = { orm, logger, now, authorizer, keys };
  // What the scanner's part is built on (see application/scanning-deps.ts).
  const scanning: ScanningDeps = {
    orm,
    authorizer,
    keys,
    publish: { ticketCheckedIn: publishTicketCheckedIn, scanConflictRecorded: publishScanConflictRecorded },
    logger,
    now,
  };

  // catalog's events → names and places on tickets; ordering's orders → the tickets. Both wait in the background
  // while the other service's stream does not exist yet, then read it from its beginning.
  const consumerOptions = { nats, logger, namespace, streamRetryMs: options.streamRetryMs };
  const catalogEvents = startCatalogEventsConsumer({ orm, ...consumerOptions });
  lifecycle.onShutdown('consumers', 'catalog events', () => catalogEvents.stop());
  const orders = startOrderChangedConsumer(ctx, consumerOptions);
  lifecycle.onShutdown('consumers', 'order changes', () => orders.stop());
  // identity's member changes → the scan links of a member who left or lost "checkin" are revoked.
  const members = startMemberChangesConsumer({ orm, now, ...consumerOptions });
  lifecycle.onShutdown('consumers', 'member changes', () => members.stop());

  const relay = startServiceRelay(connections, { logger, lifecycle });

  const { grpcPort, httpPort } = await serveService({
    config,
    logger,
    lifecycle,
    grpc: [grpcService(ticketService, ticketHandlers(ctx)), grpcService(scanService, createScanningHandlers(scanning))],
    // ticketing keeps nothing in Redis.
    readiness: { orm, nats },
  });

  logger.info({ grpcPort, httpPort }, 'ticketing started');
  return { grpcPort, httpPort, ctx, scanning, catalogEvents, orders, relay, namespace, nats };
}
