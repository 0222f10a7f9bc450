// Order writes that need exact SQL: the insert with its unique number, the lines, history entries, the payments
// seen, and the organiser's list query. Everything else goes through the entities (order.entity.ts).
import { randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { HeldTickets } from '../domain/hold-limits';
import { formatOrderNumber, ORDER_NUMBER_BYTES } from '../domain/order-number';
import { OUTBOX_INSERT_COLUMNS, outboxRowParams, type OutboxRowValues } from '@kassa/platform/outbox';
import { type OrderLineRow, OrderEntity, OrderLineEntity, type OrderRow } from './order.entity';
import { type Allocation, allocationRows } from './quota.repository';

const TEXT_ARRAY = 'array(select jsonb_array_elements_text(?::jsonb))';

export type NewOrder = Omit<
  OrderRow,
  'number' | 'refundedMinor' | 'paidPaymentId' | 'outcome' | 'version' | 'updatedAt'
> & {
  /** The guest's IP address, kept for the open-holds cap (domain/hold-limits.ts); null when unknown. */
  clientAddress: string | null;
};

const ORDER_INSERT = `insert into orders (id, number, access_key, organisation_id, shop_id, status, email, locale, subscribe, discount_code_id, discount_code,
    discount_uses, currency, subtotal_minor, discount_minor, donation_minor, fee_minor, total_minor, refunded_minor, ticket_count,
    expires_at, paid_at, outcome, version, created_at, updated_at, client_address)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, '', 1, ?, ?, ?)
  on conflict (number) do nothing`;

function orderInsertParams(order: NewOrder, number: string): unknown[] {
  return [
    order.id,
    number,
    order.accessKey,
    order.organisationId,
    order.shopId,
    order.status,
    order.email,
    order.locale,
    order.subscribe,
    order.discountCodeId,
    order.discountCode,
    order.discountUses,
    order.currency,
    order.subtotalMinor,
    order.discountMinor,
    order.donationMinor,
    order.feeMinor,
    order.totalMinor,
    order.ticketCount,
    order.expiresAt,
    order.paidAt,
    order.createdAt,
    order.createdAt,
    order.clientAddress,
  ];
}

/** What a checkout writes with its order, in the same statement (insertPlacedOrder). */
export interface PlacedOrderParts {
  lines: readonly OrderLineRow[];
  /** The buckets its tickets were taken from (allocationRows merges them). */
  allocations: readonly Allocation[];
  /** Its first history entry. */
  history: { at: Date; action: string; properties: Record<string, unknown> };
  /** Its message, for the order under `number` (the message names the number). */
  message(number: string): OutboxRowValues;
}

/**
 * A checkout's writes in one statement (data-modifying CTEs): the order under a fresh random number, its lines, its
 * buckets, its first history entry and its outbox row. Each part is inserted from the order's insert, so a number
 * collision (40 bits: about one in a million after a million orders; the order's `on conflict do nothing` returns
 * nothing and keeps the transaction usable) writes none of them, and another number is tried. Returns the number.
 */
export async function insertPlacedOrder(
  em: EntityManager,
  order: NewOrder,
  parts: PlacedOrderParts,
  newNumber = () => formatOrderNumber(randomBytes(ORDER_NUMBER_BYTES)),
): Promise<string> {
  const fromPlaced = (selects: string[]) => selects.map((select) => `select ${select} from placed`).join(' union all ');
  const allocations = allocationRows(parts.allocations);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const number = newNumber();
    const statements = [`placed as (${ORDER_INSERT} returning id)`];
    const params: unknown[] = orderInsertParams(order, number);
    if (parts.lines.length > 0) {
      statements.push(
        `line_rows as (insert into order_line (${LINE_COLUMNS}) ${fromPlaced(parts.lines.map(() => LINE_VALUES_TYPED))})`,
      );
      params.push(...parts.lines.flatMap(lineParams));
    }
    if (allocations.length > 0) {
      statements.push(
        `allocation_rows as (insert into order_allocation (order_id, quota_id, bucket, quantity) ${fromPlaced(
          allocations.map(() => '?::text, ?::text, ?::int, ?::int'),
        )})`,
      );
      params.push(...allocations.flatMap((row) => [order.id, row.quotaId, row.bucket, row.quantity]));
    }
    statements.push(
      `history_row as (insert into order_history (order_id, at, action, properties) ${fromPlaced([
        '?::text, ?::timestamptz, ?::text, ?::jsonb',
      ])})`,
      `message_row as (insert into outbox (${OUTBOX_INSERT_COLUMNS}) ${fromPlaced(['?::text, ?::text, ?::bytea, ?::jsonb'])})`,
    );
    params.push(order.id, parts.history.at, parts.history.action, JSON.stringify(parts.history.properties));
    params.push(...outboxRowParams(parts.message(number)));
    const rows = await em.execute<{ id: string }[]>(`with ${statements.join(', ')} select id from placed`, params);
    if (rows.length === 1) return number;
  }
  throw new Error('no free order number after 8 tries');
}

/**
 * Serialises checkouts of one e-mail address (and of one client address) until the transaction ends, so that two
 * checkouts at once cannot both pass the open-holds cap. Taken before any quota lock, in this order, by every checkout.
 */
export async function lockHolder(em: EntityManager, email: string, clientAddress: string | null): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended('kassa.hold.email:' || lower(?), 0))`, [email]);
  if (clientAddress)
    await em.execute(`select pg_advisory_xact_lock(hashtextextended('kassa.hold.address:' || ?, 0))`, [clientAddress]);
}

/** Tickets held unpaid (reserved or pending, hold not ended) for any of `eventIds` by this e-mail address and by this client address. */
export async function heldTickets(
  em: EntityManager,
  holder: { email: string; clientAddress: string | null; eventIds: readonly string[]; now: Date },
): Promise<HeldTickets> {
  const [row] = await em.execute<{ by_email: string; by_address: string }[]>(
    `select coalesce(sum(l.quantity) filter (where lower(o.email) = lower(?)), 0) as by_email,
            coalesce(sum(l.quantity) filter (where o.client_address = ?), 0) as by_address
       from orders o join order_line l on l.order_id = o.id
      where o.status in ('reserved', 'pending') and (o.expires_at is null or o.expires_at > ?)
        and (lower(o.email) = lower(?) or o.client_address = ?)
        and l.event_ids && ${TEXT_ARRAY}`,
    [
      holder.email,
      holder.clientAddress,
      holder.now,
      holder.email,
      holder.clientAddress,
      JSON.stringify(holder.eventIds),
    ],
  );
  return { byEmail: Number(row?.by_email ?? 0), byAddress: Number(row?.by_address ?? 0) };
}

const LINE_COLUMNS = `order_id, position, item_id, ticket_option_id, event_ids, name, quantity, unit_price_minor, subtotal_minor,
  discount_minor, total_minor, paid_tickets`;
/** One line's values typed, for a select (insertPlacedOrder) rather than a values list. */
const LINE_VALUES_TYPED = `?::text, ?::int, ?::text, ?::text, ${TEXT_ARRAY}, ?::text, ?::int, ?::bigint, ?::bigint, ?::bigint, ?::bigint, ?::int`;

function lineParams(line: OrderLineRow): unknown[] {
  return [
    line.orderId,
    line.position,
    line.itemId,
    line.ticketOptionId,
    JSON.stringify(line.eventIds),
    line.name,
    line.quantity,
    line.unitPriceMinor,
    line.subtotalMinor,
    line.discountMinor,
    line.totalMinor,
    line.paidTickets,
  ];
}

/** The order, locked until the transaction ends: every change of an existing order starts here (lock order: order, buckets, codes). */
export function lockOrder(
  em: EntityManager,
  orderId: string,
  lockMode: LockMode.PESSIMISTIC_WRITE | LockMode.NONE = LockMode.PESSIMISTIC_WRITE,
): Promise<OrderRow | null> {
  return em.findOne(OrderEntity, { id: orderId }, { lockMode });
}

export async function loadLines(em: EntityManager, orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const lines = await em.find(
    OrderLineEntity,
    { orderId: { $in: [...orderIds] } },
    { orderBy: { orderId: 'asc', position: 'asc' } },
  );
  for (const line of lines) byOrder.get(line.orderId)?.push(line);
  return byOrder;
}

export async function addHistory(
  em: EntityManager,
  entry: {
    orderId: string;
    at: Date;
    action: string;
    properties?: Record<string, unknown>;
    actorUserId?: string | null;
  },
): Promise<void> {
  await em.execute(
    'insert into order_history (order_id, at, action, properties, actor_user_id) values (?, ?, ?, ?::jsonb, ?)',
    [entry.orderId, entry.at, entry.action, JSON.stringify(entry.properties ?? {}), entry.actorUserId ?? null],
    'run',
  );
}

/**
 * Statuses of a payment as ordering records them; "succeeded" is final here (a later "failed" of the same attempt
 * cannot undo money taken).
 */
export type SeenPaymentStatus = 'pending' | 'succeeded' | 'failed';

/**
 * Records what was heard of a payment. Returns false when nothing changed: the payment was already recorded as
 * succeeded, or as this same status. That is how "the same payment twice" does nothing.
 */
export async function notePayment(
  em: EntityManager,
  payment: { paymentId: string; orderId: string; status: SeenPaymentStatus; amountMinor: number; currency: string },
  at: Date,
): Promise<boolean> {
  const rows = await em.execute<{ payment_id: string }[]>(
    `insert into order_payment (payment_id, order_id, status, amount_minor, currency, updated_at) values (?, ?, ?, ?, ?, ?)
     on conflict (payment_id) do update set status = excluded.status, amount_minor = excluded.amount_minor, updated_at = excluded.updated_at
     where order_payment.status <> 'succeeded' and order_payment.status <> excluded.status
       and not (excluded.status = 'pending' and order_payment.status = 'failed')
     returning payment_id`,
    [payment.paymentId, payment.orderId, payment.status, payment.amountMinor, payment.currency, at],
  );
  return rows.length === 1;
}

export interface OrderListFilter {
  organisationId: string;
  shopId: string;
  statuses: readonly string[];
  /** Compared with the number without its dash ('' = no number match). */
  numberQuery: string;
  /** Substring of the e-mail, as an ILIKE pattern ('' = no e-mail match). */
  emailPattern: string;
}

/** Ids of one page of the organisation's orders, newest first, and how many match. */
export async function listOrderIds(
  em: EntityManager,
  filter: OrderListFilter,
  page: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const where = ['organisation_id = ?'];
  const params: unknown[] = [filter.organisationId];
  if (filter.shopId) {
    where.push('shop_id = ?');
    params.push(filter.shopId);
  }
  if (filter.statuses.length > 0) {
    where.push('status in (?)');
    params.push([...filter.statuses]);
  }
  const search: string[] = [];
  if (filter.numberQuery) {
    search.push(`replace(number, '-', '') like ?`);
    params.push(`%${filter.numberQuery}%`);
  }
  if (filter.emailPattern) {
    search.push(`email ilike ?`);
    params.push(filter.emailPattern);
  }
  if (search.length > 0) where.push(`(${search.join(' or ')})`);
  const clause = where.join(' and ');
  const [count] = await em.execute<{ total: number }[]>(
    `select count(*)::int as total from orders where ${clause}`,
    params,
  );
  const rows = await em.execute<{ id: string }[]>(
    `select id from orders where ${clause} order by created_at desc, id desc limit ? offset ?`,
    [...params, page.limit, page.offset],
  );
  return { ids: rows.map((row) => row.id), total: Number(count?.total ?? 0) };
}
