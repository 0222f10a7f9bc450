// The shared reconciler of `npm run verify`: after a load or a fault run, what every service's database says about
// every order, compared order by order and quota by quota, and with what the client was told (its ledger). Returns
// numbers (and a few example ids per finding); the sections turn them into figures. The arithmetic
// (reconcileSnapshot) is apart from the SQL that feeds it (readSnapshot), so it is checked on fixtures too.
// Money is integer minor units throughout.
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Client } from 'pg';
import { serviceDatabase, SERVICES_WITH_DATABASES as SERVICES, type StackInfo } from '@kassa/testing/stack';
import { NATS_ADMIN_USER, natsAuthOptions } from '@kassa/platform/messaging';

export const FINAL_ORDER_STATUSES = ['paid', 'expired', 'canceled'] as const;

/** ordering: one order. */
export interface OrderRow {
  id: string;
  status: string;
  totalMinor: number;
  /** What of the order's money was given back (organiser refunds, a late payment's refund). */
  refundedMinor: number;
  ticketCount: number;
  paidPaymentId: string | null;
  outcome: string;
}

/** payments: one attempt. */
export interface AttemptRow {
  id: string;
  orderId: string;
  status: string;
  amountMinor: number;
  refundedMinor: number;
  /** Σ of payments' own succeeded refunds of this attempt. */
  refundsSucceededMinor: number;
}

/** ticketing: one order's tickets, counted by status. */
export interface TicketCounts {
  orderId: string;
  rows: number;
  /** created or used: they admit. */
  valid: number;
  reserved: number;
}

/** A limited quota: ordering's counts (buckets summed), its capacity in ordering and in catalog, and what admits. */
export interface QuotaRow {
  id: string;
  kind: 'ticket_option' | 'event';
  orderingCapacity: number | null;
  /** Σ of the buckets' overdraft: what a capacity lowered below the sold count already allows (never a new sale). */
  overdraft: number;
  /** catalog's capacity (ticket option) or ticket limit (event): the owner's number; null when unlimited or unknown. */
  catalogCapacity: number | null;
  sold: number;
  reserved: number;
  /** Σ order_allocation of paid orders / of held (reserved, pending) orders. */
  allocatedSold: number;
  allocatedHeld: number;
  /** ticketing: tickets that admit (created or used) for this ticket option or event. */
  validTickets: number;
}

export interface DatabaseSnapshot {
  orders: OrderRow[];
  attempts: AttemptRow[];
  tickets: TicketCounts[];
  quotas: QuotaRow[];
  /** notifications: order confirmations (resends excluded) per order id. */
  confirmations: Map<string, number>;
  /** Unpublished outbox rows per database. */
  unpublishedOutbox: Record<string, number>;
  /** Messages parked as poison by any of the stack's consumers. */
  parkedMessages: number;
  /** Refunds still requested or pending, in ordering and in payments. */
  unfinishedRefunds: number;
  /** Orders that a payment arriving after their hold took again (ordering's history "re_reserved"). */
  reReserved: number;
  /** ordering's succeeded refunds by reason (late_payment, duplicate_payment, organiser, order_canceled). */
  refundsByReason: Record<string, number>;
}

/** What the client saw of one order, last: the order page's status and total. */
export interface LedgerSighting {
  status: string;
  totalMinor: number;
}

/** The client's record, as far as the reconciler compares it: every order the BFF named, and what the guest saw last. */
export interface ReconcileLedger {
  orders: Record<string, { seen?: LedgerSighting }>;
}

export interface Reconciliation {
  /**
   * Orders the client was told exist that ordering lacks, successful payments of orders ordering lacks, and orders not
   * in a final state.
   */
  ordersLost: number;
  /** Paid orders lacking an issued ticket for every ticket they bought. */
  paidWithoutTickets: number;
  /** Ticket rows beyond an order's ticket count, and tickets that admit for an order that is not paid. */
  duplicateTickets: number;
  /** Successful charges kept (not fully refunded) beyond the one that paid the order. */
  duplicateCharges: number;
  /** Order confirmations beyond one per order. */
  duplicateEmails: number;
  /** Paid orders whose confirmation was never recorded. */
  missingConfirmations: number;
  unpublishedOutboxRows: number;
  parkedMessages: number;
  unfinishedRefunds: number;
  /** Tickets above capacity: the worse of ordering's counts and ticketing's valid tickets against catalog's capacity. */
  oversold: number;
  oversoldByOrdering: number;
  oversoldByTicketing: number;
  /** Quota counts that disagree with the orders holding them (a leaked or lost hold). */
  quotaCountMismatch: number;
  /** Orders whose money (captured − refunded at payments) is not what their status and total say, plus client sightings that disagree. */
  ledgerMismatch: number;
  /** Of ledgerMismatch: the client's last sighting disagrees with ordering. */
  clientMismatch: number;
  successfulPaymentsNeitherPaidNorRefunded: number;
  /** Orders by status, successful payments, late-payment outcomes: context for the figures. */
  counts: {
    orders: Record<string, number>;
    /** Payment attempts by status (failed = declined). */
    attempts: Record<string, number>;
    successfulPayments: number;
    refundedPayments: number;
    reReserved: number;
    lateRefunded: number;
    refundsByReason: Record<string, number>;
  };
  /** A few offending ids per finding, for the notes under the table. */
  examples: Record<string, string[]>;
}

const EXAMPLES = 5;

/** Compares what the databases (and the client's ledger) say; `requireFinal` = every order must have ended. */
export function reconcileSnapshot(
  db: DatabaseSnapshot,
  ledger?: ReconcileLedger,
  options: { requireFinal?: boolean } = {},
): Reconciliation {
  const requireFinal = options.requireFinal ?? true;
  const examples: Record<string, string[]> = {};
  const note = (finding: string, id: string) => {
    const list = (examples[finding] ??= []);
    if (list.length < EXAMPLES) list.push(id);
  };
  const orders = new Map(db.orders.map((order) => [order.id, order]));
  const attemptsByOrder = groupBy(db.attempts, (attempt) => attempt.orderId);
  const tickets = new Map(db.tickets.map((row) => [row.orderId, row]));

  let ordersLost = 0;
  let clientMismatch = 0;
  for (const [orderId, entry] of Object.entries(ledger?.orders ?? {})) {
    const order = orders.get(orderId);
    if (!order) {
      ordersLost += 1;
      note('order the client was told of, missing in ordering', orderId);
      continue;
    }
    const seen = entry.seen;
    if (seen && (seen.status !== order.status || seen.totalMinor !== order.totalMinor)) {
      clientMismatch += 1;
      note(
        'client saw another status or total',
        `${orderId} (${seen.status} ${seen.totalMinor} vs ${order.status} ${order.totalMinor})`,
      );
    }
  }
  for (const [orderId, attempts] of attemptsByOrder) {
    if (!orders.has(orderId) && attempts.some((attempt) => attempt.status === 'paid')) {
      ordersLost += 1;
      note('successful payment of an order ordering lacks', orderId);
    }
  }
  if (requireFinal) {
    for (const order of db.orders) {
      if (!(FINAL_ORDER_STATUSES as readonly string[]).includes(order.status)) {
        ordersLost += 1;
        note(`order still ${order.status}`, order.id);
      }
    }
  }

  let paidWithoutTickets = 0;
  let duplicateTickets = 0;
  let duplicateCharges = 0;
  let ledgerMismatch = 0;
  let successfulPaymentsNeitherPaidNorRefunded = 0;
  let missingConfirmations = 0;
  let successfulPayments = 0;
  let refundedPayments = 0;
  const statusCounts: Record<string, number> = {};
  const attemptCounts: Record<string, number> = {};
  for (const order of db.orders) {
    statusCounts[order.status] = (statusCounts[order.status] ?? 0) + 1;
    const ticketRow = tickets.get(order.id);
    if (order.status === 'paid') {
      if ((ticketRow?.valid ?? 0) < order.ticketCount) {
        paidWithoutTickets += 1;
        note('paid without tickets', order.id);
      }
      if ((db.confirmations.get(order.id) ?? 0) === 0) {
        missingConfirmations += 1;
        note('paid without a confirmation', order.id);
      }
    } else if ((ticketRow?.valid ?? 0) > 0) {
      duplicateTickets += ticketRow!.valid;
      note('valid tickets of an order that is not paid', order.id);
    }
    if (ticketRow && ticketRow.rows > order.ticketCount) {
      duplicateTickets += ticketRow.rows - order.ticketCount;
      note('more tickets than the order bought', order.id);
    }

    const attempts = attemptsByOrder.get(order.id) ?? [];
    let netCaptured = 0;
    let kept = 0;
    for (const attempt of attempts) {
      attemptCounts[attempt.status] = (attemptCounts[attempt.status] ?? 0) + 1;
      if (attempt.refundsSucceededMinor !== attempt.refundedMinor) {
        ledgerMismatch += 1;
        note("attempt's refunded amount differs from its refunds", attempt.id);
      }
      if (attempt.status !== 'paid') {
        if (attempt.refundedMinor > 0) {
          ledgerMismatch += 1;
          note('refund of an attempt that took no money', attempt.id);
        }
        continue;
      }
      successfulPayments += 1;
      const fullyRefunded = attempt.refundedMinor >= attempt.amountMinor;
      if (fullyRefunded) refundedPayments += 1;
      netCaptured += attempt.amountMinor - attempt.refundedMinor;
      const paysTheOrder = order.paidPaymentId === attempt.id;
      if (!fullyRefunded) kept += 1;
      if (!paysTheOrder && !fullyRefunded) {
        successfulPaymentsNeitherPaidNorRefunded += 1;
        note('successful payment neither paying its order nor refunded', attempt.id);
      }
    }
    if (kept > 1) {
      duplicateCharges += kept - 1;
      note('charged more than once', order.id);
    }
    // What the order says it holds: its total less what it gave back once a payment paid it; nothing otherwise.
    const expectedNet = order.paidPaymentId ? order.totalMinor - order.refundedMinor : 0;
    const paidConsistently = order.status !== 'paid' || order.totalMinor === 0 || order.paidPaymentId !== null;
    if (netCaptured !== expectedNet || !paidConsistently) {
      ledgerMismatch += 1;
      note(
        'money captured − refunded ≠ what the order holds',
        `${order.id} (${netCaptured} vs ${expectedNet}, ${order.status})`,
      );
    }
  }

  let duplicateEmails = 0;
  for (const [orderId, count] of db.confirmations) {
    if (count > 1) {
      duplicateEmails += count - 1;
      note('more than one confirmation', orderId);
    }
  }

  let oversoldByOrdering = 0;
  let oversoldByTicketing = 0;
  let quotaCountMismatch = 0;
  for (const quota of db.quotas) {
    // What the orders themselves hold (their allocations), not the quota's counters: the counters are what the CHECK
    // caps, so a count taken from them could never go over; the orders' allocations can, when a guard fails.
    const held = quota.allocatedSold + quota.allocatedHeld;
    const overOrdering =
      quota.orderingCapacity === null ? 0 : Math.max(0, held - quota.orderingCapacity - quota.overdraft);
    // Tickets that admit, against the owner's capacity (catalog's), with what a lowered capacity left sold.
    const overTicketing =
      quota.catalogCapacity === null ? 0 : Math.max(0, quota.validTickets - quota.catalogCapacity - quota.overdraft);
    if (overOrdering > 0) note('oversold (ordering)', `${quota.id} ${held}/${quota.orderingCapacity}`);
    if (overTicketing > 0) note('oversold (ticketing)', `${quota.id} ${quota.validTickets}/${quota.catalogCapacity}`);
    oversoldByOrdering += overOrdering;
    oversoldByTicketing += overTicketing;
    const mismatch = Math.abs(quota.sold - quota.allocatedSold) + Math.abs(quota.reserved - quota.allocatedHeld);
    if (mismatch > 0)
      note(
        'quota counts ≠ its orders',
        `${quota.id} sold ${quota.sold}/${quota.allocatedSold} reserved ${quota.reserved}/${quota.allocatedHeld}`,
      );
    quotaCountMismatch += mismatch;
  }

  const unpublishedOutboxRows = Object.values(db.unpublishedOutbox).reduce((sum, n) => sum + n, 0);
  const lateOutcomes = db.orders.reduce(
    (acc, order) => {
      if (order.outcome === 'late_payment_refunded') acc.refunded += 1;
      return acc;
    },
    { refunded: 0 },
  );
  return {
    ordersLost,
    paidWithoutTickets,
    duplicateTickets,
    duplicateCharges,
    duplicateEmails,
    missingConfirmations,
    unpublishedOutboxRows,
    parkedMessages: db.parkedMessages,
    unfinishedRefunds: db.unfinishedRefunds,
    oversold: Math.max(oversoldByOrdering, oversoldByTicketing),
    oversoldByOrdering,
    oversoldByTicketing,
    quotaCountMismatch,
    ledgerMismatch: ledgerMismatch + clientMismatch,
    clientMismatch,
    successfulPaymentsNeitherPaidNorRefunded,
    counts: {
      orders: statusCounts,
      attempts: attemptCounts,
      successfulPayments,
      refundedPayments,
      reReserved: db.reReserved,
      lateRefunded: lateOutcomes.refunded,
      refundsByReason: db.refundsByReason,
    },
    examples,
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the databases (read-only sessions) and NATS.

export {
  serviceDatabase,
  SERVICES_WITH_DATABASES as SERVICES,
  type ServiceComponent as Service,
} from '@kassa/testing/stack';

/**
 * Tickets past capacity right now, by ordering's own record of what each live order holds: Σ over quotas of
 * max(0, allocations of paid and held orders − capacity − what a lowered capacity left sold). The same rule as the
 * reconciliation's "oversold (ordering)", read in one statement so that it can be sampled while a run goes on.
 */
export async function oversoldNow(orderingUrl: string): Promise<number> {
  return withDatabase(orderingUrl, async (db) => {
    const { rows } = await db.query<{ over: string | null }>(
      `select sum(greatest(0, coalesce(a.held, 0) - q.capacity - b.overdraft)) as over
         from quota q
         join (select quota_id, sum(overdraft) as overdraft from quota_bucket group by quota_id) b on b.quota_id = q.id
         left join (select a.quota_id, sum(a.quantity) as held from order_allocation a join orders o on o.id = a.order_id
                     where o.status in ('reserved', 'pending', 'paid') group by a.quota_id) a on a.quota_id = q.id
        where q.capacity is not null`,
    );
    return Number(rows[0]?.over ?? 0);
  });
}

/** Runs `read` in a read-only session of one database. */
export async function withDatabase<T>(url: string, read: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, options: '-c default_transaction_read_only=on' });
  await client.connect();
  try {
    return await read(client);
  } finally {
    await client.end();
  }
}

const int = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** Unpublished outbox rows in each of the stack's databases (0 for a service whose database has no outbox). */
export async function countUnpublishedOutbox(info: Pick<StackInfo, 'databases'>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const service of SERVICES) {
    counts[service] = await withDatabase(serviceDatabase(info, service), async (db) => {
      const { rows } = await db.query<{ n: string | null }>(
        `select case when to_regclass('outbox') is null then 0 else (select count(*) from outbox where published_at is null) end as n`,
      );
      return int(rows[0]?.n);
    }).catch((error: unknown) => {
      // A database the stack did not create (the service is not part of it) holds nothing.
      if (error instanceof Error && /does not exist/.test(error.message)) return 0;
      throw error;
    });
  }
  return counts;
}

/** Messages the stack's consumers parked as poison (KASSA_PARKED, subjects `kassa.parked.<durable>-<namespace>`). */
export async function countParkedMessages(namespace: string): Promise<number> {
  const nats = await connect({
    servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    ...natsAuthOptions(NATS_ADMIN_USER),
  });
  try {
    const jsm = await jetstreamManager(nats);
    const info = await jsm.streams.info('KASSA_PARKED', { subjects_filter: 'kassa.parked.>' }).catch(() => null);
    const subjects = (info?.state.subjects ?? {}) as Record<string, number>;
    return Object.entries(subjects)
      .filter(([subject]) => subject.endsWith(`-${namespace}`))
      .reduce((sum, [, n]) => sum + n, 0);
  } finally {
    await nats.close();
  }
}

/** Every database's view of the orders, payments, tickets, quotas and confirmations of a stack. */
export async function readSnapshot(info: Pick<StackInfo, 'databases' | 'namespace'>): Promise<DatabaseSnapshot> {
  const ordering = await withDatabase(serviceDatabase(info, 'ordering'), async (db) => {
    const orders = (
      await db.query<{
        id: string;
        status: string;
        total_minor: string;
        refunded_minor: string;
        ticket_count: number;
        paid_payment_id: string | null;
        outcome: string;
      }>('select id, status, total_minor, refunded_minor, ticket_count, paid_payment_id, outcome from orders')
    ).rows.map((row): OrderRow => ({
      id: row.id,
      status: row.status,
      totalMinor: int(row.total_minor),
      refundedMinor: int(row.refunded_minor),
      ticketCount: row.ticket_count,
      paidPaymentId: row.paid_payment_id,
      outcome: row.outcome,
    }));
    const quotas = (
      await db.query<{
        id: string;
        kind: 'ticket_option' | 'event';
        capacity: number | null;
        overdraft: string;
        sold: string;
        reserved: string;
        allocated_sold: string;
        allocated_held: string;
      }>(
        `select q.id, q.kind, q.capacity, b.overdraft, b.sold, b.reserved, coalesce(a.sold, 0) as allocated_sold, coalesce(a.held, 0) as allocated_held
           from quota q
           join (select quota_id, sum(overdraft) as overdraft, sum(sold) as sold, sum(reserved) as reserved from quota_bucket group by quota_id) b on b.quota_id = q.id
           left join (select a.quota_id, sum(a.quantity) filter (where o.status = 'paid') as sold,
                             sum(a.quantity) filter (where o.status in ('reserved', 'pending')) as held
                        from order_allocation a join orders o on o.id = a.order_id group by a.quota_id) a on a.quota_id = q.id`,
      )
    ).rows;
    const refunds = int(
      (await db.query<{ n: string }>(`select count(*) as n from refund where status = 'requested'`)).rows[0]?.n,
    );
    const reReserved = int(
      (
        await db.query<{ n: string }>(
          `select count(distinct order_id) as n from order_history where action = 're_reserved'`,
        )
      ).rows[0]?.n,
    );
    const refundsByReason: Record<string, number> = {};
    for (const row of (
      await db.query<{ reason: string; n: string }>(
        `select reason, count(*) as n from refund where status = 'succeeded' group by reason`,
      )
    ).rows) {
      refundsByReason[row.reason] = int(row.n);
    }
    return { orders, quotas, refunds, reReserved, refundsByReason };
  });
  const payments = await withDatabase(serviceDatabase(info, 'payments'), async (db) => {
    const attempts = (
      await db.query<{
        id: string;
        order_id: string;
        status: string;
        amount_minor: string;
        refunded_minor: string;
        refunds_succeeded: string;
      }>(
        `select p.id, p.order_id, p.status, p.amount_minor, p.refunded_minor,
                coalesce((select sum(r.amount_minor) from refund r where r.payment_id = p.id and r.status = 'succeeded'), 0) as refunds_succeeded
           from payment_attempt p`,
      )
    ).rows.map((row): AttemptRow => ({
      id: row.id,
      orderId: row.order_id,
      status: row.status,
      amountMinor: int(row.amount_minor),
      refundedMinor: int(row.refunded_minor),
      refundsSucceededMinor: int(row.refunds_succeeded),
    }));
    const refunds = int(
      (await db.query<{ n: string }>(`select count(*) as n from refund where status in ('requested', 'pending')`))
        .rows[0]?.n,
    );
    return { attempts, refunds };
  });
  const ticketing = await withDatabase(serviceDatabase(info, 'ticketing'), async (db) => {
    const tickets = (
      await db.query<{ order_id: string; rows: string; valid: string; reserved: string }>(
        `select order_id, count(*) as rows, count(*) filter (where status in ('created', 'used')) as valid, count(*) filter (where status = 'reserved') as reserved
           from ticket group by order_id`,
      )
    ).rows.map((row): TicketCounts => ({
      orderId: row.order_id,
      rows: int(row.rows),
      valid: int(row.valid),
      reserved: int(row.reserved),
    }));
    const valid = new Map<string, number>();
    for (const row of (
      await db.query<{ id: string; n: string }>(
        `select ticket_option_id as id, count(*) as n from ticket where status in ('created', 'used') group by 1`,
      )
    ).rows) {
      valid.set(row.id, int(row.n));
    }
    for (const row of (
      await db.query<{ id: string; n: string }>(
        `select a.event_id as id, count(*) as n from ticket_access a join ticket t on t.id = a.ticket_id where t.status in ('created', 'used') group by 1`,
      )
    ).rows) {
      valid.set(row.id, int(row.n));
    }
    return { tickets, valid };
  });
  const catalogCapacity = await withDatabase(serviceDatabase(info, 'catalog'), async (db) => {
    const capacities = new Map<string, number | null>();
    for (const row of (
      await db.query<{ id: string; capacity: number | null }>('select id, capacity from ticket_option')
    ).rows)
      capacities.set(row.id, row.capacity);
    for (const row of (
      await db.query<{ id: string; capacity: number | null }>('select id, ticket_limit as capacity from event')
    ).rows)
      capacities.set(row.id, row.capacity);
    return capacities;
  });
  const confirmations = await withDatabase(serviceDatabase(info, 'notifications'), async (db) => {
    const counts = new Map<string, number>();
    const { rows } = await db.query<{ order_id: string; n: string }>(
      `select subject_ref as order_id, count(*) as n from email_message where template = 'order-confirmation' and purpose <> 'resend' group by 1`,
    );
    for (const row of rows) counts.set(row.order_id, int(row.n));
    return counts;
  });
  const quotas = ordering.quotas.map((row): QuotaRow => ({
    id: row.id,
    kind: row.kind,
    orderingCapacity: row.capacity,
    overdraft: int(row.overdraft),
    catalogCapacity: catalogCapacity.get(row.id) ?? null,
    sold: int(row.sold),
    reserved: int(row.reserved),
    allocatedSold: int(row.allocated_sold),
    allocatedHeld: int(row.allocated_held),
    validTickets: ticketing.valid.get(row.id) ?? 0,
  }));
  return {
    orders: ordering.orders,
    attempts: payments.attempts,
    tickets: ticketing.tickets,
    quotas,
    confirmations,
    unpublishedOutbox: await countUnpublishedOutbox(info),
    parkedMessages: await countParkedMessages(info.namespace),
    unfinishedRefunds: ordering.refunds + payments.refunds,
    reReserved: ordering.reReserved,
    refundsByReason: ordering.refundsByReason,
  };
}

/**
 * Reads the six databases of a stack (and its parked messages) and reconciles them with each other and with the
 * client's ledger. Run it once the stack is quiet (quiescence.ts): with `requireFinal` (default) an order still held
 * counts as lost.
 */
export async function reconcile(
  info: Pick<StackInfo, 'databases' | 'namespace'>,
  ledger?: ReconcileLedger,
  options: { requireFinal?: boolean } = {},
): Promise<Reconciliation> {
  return reconcileSnapshot(await readSnapshot(info), ledger, options);
}
