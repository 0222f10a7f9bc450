// The services behind the door for the scan benchmark: identity, catalog, ordering, payments and ticketing from the
// e2e stack (their own databases, namespace and ports), one event with a free item, a few thousand tickets bought
// through ordering (a free order is paid at checkout; ticketing issues its tickets from order.paid), their signed
// codes read back through ticketing's TicketService, and scan links created through ScanService as the organiser.
// Stopped, databases dropped, streams and Redis keys of the namespace removed, at cleanup.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import { OrderServiceClient } from '@kassa/proto/ordering/v1/orders';
import { ScanServiceClient } from '@kassa/proto/ticketing/v1/scanning';
import { TicketServiceClient } from '@kassa/proto/ticketing/v1/tickets';
import { databaseUrl, startStack } from '@kassa/testing/stack';
import type { Cleanup } from '../lib/cleanup';
import type { ProcessGroup } from '../lib/process-cpu';
import { profiledServices, serviceProcessGroups } from '../lib/stack-processes';
import { removeNamespaceLeftovers } from './namespace-leftovers';
import { buildOrganiserShop, inBatches } from './organiser-shop';

/** ordering's most per line: every order is one line of this many free tickets. */
export const TICKETS_PER_ORDER = 20;

export interface ScanBackend {
  namespace: string;
  catalogGrpc: string;
  /** The stack's KASSA_CALLER_KEY (base64url): the BFF started beside it signs its calls with it. */
  callerKey: string;
  orderingGrpc: string;
  paymentsGrpc: string;
  ticketingGrpc: string;
  ticketingDatabaseUrl: string;
  organisationId: string;
  eventId: string;
  /** The signed codes (what the QRs hold) of the tickets bought at start, in no particular order. */
  codes: string[];
  /** Buys more tickets for the event; the signed codes of the first `codesWanted` of them. */
  buy(tickets: number, codesWanted?: number): Promise<string[]>;
  /** The services' processes, for CPU per request. */
  processGroups: ProcessGroup[];
  /** VACUUM (ANALYZE) of ticketing's database: so that autovacuum does not start on a fresh lot during a measured phase. */
  settle(): Promise<void>;
  /** Creates a scan link for the event as the organiser; its secret. */
  createScanLink(name: string): Promise<string>;
}

const quiet = { LOG_LEVEL: 'warn' };
const count = (value: number) => value.toLocaleString('en-US');

/**
 * `tickets` are bought at once; the event holds `capacity` (room for buying more later with `buy`). Services run from
 * their production bundles; BENCH_CPU_PROFILE=ticketing (say, comma-separated) records their CPU profiles.
 */
export async function startScanBackend(cleanup: Cleanup, tickets: number, capacity: number): Promise<ScanBackend> {
  const stack = await startStack('benchscan', ['identity', 'catalog', 'ordering', 'payments', 'ticketing'], {
    env: { identity: quiet, catalog: quiet, ordering: quiet, payments: quiet, ticketing: quiet },
    bundles: true,
    cpuProfiles: profiledServices(),
  });
  const namespace = stack.info.namespace;
  // Last in, first out: these run after the services have stopped.
  cleanup.add(`remove the JetStream streams and Redis keys of ${namespace}`, () => removeNamespaceLeftovers(namespace));
  cleanup.add('stop identity, catalog, ordering, payments and ticketing and drop their databases', () => stack.stop());
  const ticketingDatabaseUrl = databaseUrl(stack.info.databases.find((name) => name.endsWith('_ticketing'))!);

  const shop = await buildOrganiserShop(stack.info, {
    name: 'Bench Door Night',
    capacity: Math.ceil(capacity / TICKETS_PER_ORDER) * TICKETS_PER_ORDER + 100,
    priceMinor: 0,
    maxPerOrder: TICKETS_PER_ORDER,
    reservationMinutes: 0,
  });
  const as = { actorUserId: shop.userId };

  const orderClient = createGrpcClient(OrderServiceClient, stack.info.orderingGrpc!, {
    callerKey: callerKeyFromRoot(stack.info.env.KASSA_CALLER_KEY!),
    deadlineMs: 30_000,
  });
  const ticketClient = createGrpcClient(TicketServiceClient, stack.info.ticketingGrpc!, {
    callerKey: callerKeyFromRoot(stack.info.env.KASSA_CALLER_KEY!),
    deadlineMs: 30_000,
  });
  const scanClient = createGrpcClient(ScanServiceClient, stack.info.ticketingGrpc!, {
    callerKey: callerKeyFromRoot(stack.info.env.KASSA_CALLER_KEY!),
    deadlineMs: 15_000,
  });
  cleanup.add('close the set-up gRPC clients', async () =>
    [orderClient, ticketClient, scanClient].forEach((client) => client.close()),
  );

  const run = randomBytes(4).toString('hex');
  let ordersPlaced = 0;
  /**
   * Buys `tickets` more (whole orders of TICKETS_PER_ORDER), waits until ticketing has issued them and published that,
   * reads back `codesWanted` of their codes.
   */
  const buy = async (tickets: number, codesWanted = tickets): Promise<string[]> => {
    const orders = Math.ceil(tickets / TICKETS_PER_ORDER);
    const first = ordersPlaced;
    ordersPlaced += orders;
    console.error(`  ${count(orders)} free orders of ${TICKETS_PER_ORDER} tickets through ordering.Checkout...`);
    const placed = await inBatches(
      Array.from({ length: orders }, (_, index) => first + index),
      4,
      async (index) => {
        const { order } = await orderClient.checkout({
          shopId: shop.shopId,
          lines: [{ itemId: shop.itemId, quantity: TICKETS_PER_ORDER }],
          email: `guest${index}-${run}@example.test`,
          discountCode: '',
          donationMinor: 0,
          subscribe: false,
          idempotencyKey: `benchscan-${run}-${index}`,
          accessToken: '',
          locale: 'en',
          clientAddress: '',
        });
        if (order?.status !== 'paid')
          throw new Error(`a free checkout answered ${JSON.stringify(order)}; expected a paid order`);
        return { orderId: order.id, accessKey: order.accessKey };
      },
    );
    console.error(`  waiting until ticketing has issued ${count(ordersPlaced * TICKETS_PER_ORDER)} tickets in all...`);
    await waitForIssued(ticketingDatabaseUrl, ordersPlaced * TICKETS_PER_ORDER, Date.now() + 60_000 + orders * 200);
    const wanted = placed.slice(0, Math.ceil(codesWanted / TICKETS_PER_ORDER));
    return (
      await inBatches(wanted, 8, async ({ orderId, accessKey }) => {
        // The guest's list of the order's tickets: with the order's access key, or it is empty.
        const { tickets: issued } = await ticketClient.listOrderTickets({
          orderId,
          locale: 'en',
          orderAccessKey: accessKey,
        });
        if (
          issued.length !== TICKETS_PER_ORDER ||
          issued.some((ticket) => ticket.status !== 'created' || !ticket.code.startsWith('KT1.'))
        ) {
          throw new Error(
            `order ${orderId} has ${issued.length} tickets, not ${TICKETS_PER_ORDER} valid ones with codes: ${JSON.stringify(issued.map((ticket) => ticket.status))}`,
          );
        }
        return issued.map((ticket) => ticket.code);
      })
    ).flat();
  };
  const codes = await buy(tickets);

  const createScanLink = async (name: string): Promise<string> => {
    // ticketing checks the event against its projection of catalog's events, which may still be on its way.
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        const { secret } = await scanClient.createScanLink(
          { organisationId: shop.organisationId, eventId: shop.eventId, name, expiresAt: undefined },
          as,
        );
        return secret;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(250);
      }
    }
  };

  return {
    namespace,
    catalogGrpc: stack.info.catalogGrpc!,
    callerKey: stack.info.env.KASSA_CALLER_KEY!,
    orderingGrpc: stack.info.orderingGrpc!,
    paymentsGrpc: stack.info.paymentsGrpc!,
    ticketingGrpc: stack.info.ticketingGrpc!,
    ticketingDatabaseUrl,
    organisationId: shop.organisationId,
    eventId: shop.eventId,
    codes,
    buy,
    createScanLink,
    processGroups: serviceProcessGroups(stack),
    settle: () => vacuumAnalyze(ticketingDatabaseUrl),
  };
}

async function vacuumAnalyze(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

async function waitForIssued(url: string, expected: number, deadline: number): Promise<void> {
  const client = new Client({ connectionString: url, options: '-c default_transaction_read_only=on' });
  await client.connect();
  try {
    for (;;) {
      // Issued, and ticketing's outbox drained (tickets.issued published): the scans measured next should not share
      // the machine with the purchase's tail.
      const { rows } = await client.query<{ issued: number; unpublished: number }>(
        `select (select count(*)::int from ticket where issued_at is not null) as issued, (select count(*)::int from outbox where published_at is null) as unpublished`,
      );
      if (rows[0]!.issued >= expected && rows[0]!.unpublished === 0) return;
      if (Date.now() > deadline)
        throw new Error(
          `ticketing issued ${rows[0]!.issued} of ${expected} tickets in time (${rows[0]!.unpublished} events unpublished)`,
        );
      await sleep(500);
    }
  } finally {
    await client.end();
  }
}
