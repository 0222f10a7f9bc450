// What every change of an existing order does in its transaction: count the version, record history, publish the
// order after it, and give tickets back or sell them.
import type { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '@kassa/platform/ids';
import { NotFoundError, Violations } from '@kassa/platform/errors';
import { afterCommit } from '@kassa/platform/persistence';
import { checkoutFunnel } from '@kassa/platform/metrics';
import type { Order, OrderRefund } from '@kassa/proto/ordering/v1/orders';
import { assertTransition, type OrderStatus } from '../domain/order-status';
import { countedRefund, type RefundReason } from '../domain/refund';
import { publishOrderChanged } from '../events/order-changed.publisher';
import { publishRefundRequested } from '../events/refund-requested.publisher';
import type { OrderChange } from '../events/subjects';
import { orderTransitions } from '../metrics';
import { OrderEntity, type OrderRow, RefundEntity, type RefundRow } from '../persistence/order.entity';
import { addHistory, loadLines, lockOrder } from '../persistence/order.repository';
import { type CountColumn, releaseAllocations, releaseDiscountUses } from '../persistence/quota.repository';
import { toOrder } from './order-views';

export const ORDER_NOT_FOUND = 'Order not found';

/** The orders with these ids, with their lines, in the order of `ids` (lists read ids first, then the rows). */
export async function loadOrders(em: EntityManager, ids: readonly string[]): Promise<Order[]> {
  const orders = await em.find(OrderEntity, { id: { $in: [...ids] } });
  const byId = new Map(orders.map((order) => [order.id, order]));
  const lines = await loadLines(em, ids);
  return ids.flatMap((id) => {
    const order = byId.get(id);
    return order ? [toOrder(order, lines.get(id) ?? [])] : [];
  });
}

/** Checks an organiser request's ids before anything is asked or loaded. */
export function checkOrderIds(ids: { organisationId: string; orderId?: string; shopId?: string }): void {
  const violations = new Violations();
  violations.id('organisationId', ids.organisationId, 'org');
  if (ids.orderId !== undefined) violations.id('orderId', ids.orderId, 'ord');
  if (ids.shopId) violations.id('shopId', ids.shopId, 'shp');
  violations.throwIfAny();
}

/** An order of this organisation, locked; another organisation's order answers exactly like an unknown one. */
export async function lockOrganisationOrder(
  em: EntityManager,
  organisationId: string,
  orderId: string,
  lockMode?: LockMode.PESSIMISTIC_WRITE | LockMode.NONE,
): Promise<OrderRow> {
  const order = await lockOrder(em, orderId, lockMode);
  if (!order || order.organisationId !== organisationId) throw new NotFoundError(ORDER_NOT_FOUND);
  return order;
}

export async function orderMessage(em: EntityManager, order: OrderRow): Promise<Order> {
  return toOrder(order, (await loadLines(em, [order.id])).get(order.id) ?? []);
}

/**
 * Moves the order on in its life (domain/order-status.ts; throws on a change that is not one of them), counted in
 * kassa.order.transitions once the caller's transaction commits. A paid order also reaches the funnel's "paid": an
 * order becomes paid at most once (paid only ever moves on to canceled), so the funnel counts it once.
 */
export function changeOrderStatus(em: EntityManager, order: OrderRow, to: OrderStatus): void {
  assertTransition(order.status as OrderStatus, to);
  order.status = to;
  afterCommit(em, () => {
    orderTransitions.add(1, { to });
    if (to === 'paid') checkoutFunnel.count('paid');
  });
}

/**
 * Records a change of the order in the caller's transaction: version + 1 and updated_at, and, with a verb, the
 * order after the change in the outbox. Returns the published order.
 */
export async function recordOrderChange(
  em: EntityManager,
  order: OrderRow,
  change: OrderChange | null,
  details: { at: Date; actorUserId: string | null; refund?: OrderRefund },
): Promise<Order> {
  order.version += 1;
  order.updatedAt = details.at;
  const message = await orderMessage(em, order);
  if (change)
    publishOrderChanged(em, message, change, {
      version: order.version,
      actorUserId: details.actorUserId,
      occurredAt: details.at,
      refund: details.refund,
      guestAccessKey: order.accessKey,
    });
  return message;
}

/** Gives an order's tickets back (`from` reserved while held, sold once paid) and its discount code's uses. */
export async function releaseOrderTickets(em: EntityManager, order: OrderRow, from: CountColumn): Promise<void> {
  await releaseAllocations(em, order.id, from);
  if (order.discountCodeId && order.discountUses > 0)
    await releaseDiscountUses(em, order.discountCodeId, order.discountUses);
}

/**
 * Records a refund as requested and asks payments for it (refund.requested), in the caller's transaction. What of it
 * counts in the order's refunded total is fixed now (domain/refund.ts countedRefund) and given back if it fails.
 */
export async function requestRefund(
  em: EntityManager,
  order: OrderRow,
  request: {
    paymentId: string;
    amountMinor: number;
    reason: RefundReason;
    cancelsOrder: boolean;
    requestedBy: string | null;
    idempotencyKey: string | null;
    at: Date;
  },
): Promise<RefundRow> {
  const counted = countedRefund(request.reason, request.amountMinor, order);
  const refund = em.create(RefundEntity, {
    id: newId('ref'),
    orderId: order.id,
    organisationId: order.organisationId,
    paymentId: request.paymentId,
    amountMinor: request.amountMinor,
    countedMinor: counted,
    currency: order.currency,
    status: 'requested',
    reason: request.reason,
    cancelsOrder: request.cancelsOrder,
    requestedBy: request.requestedBy,
    idempotencyKey: request.idempotencyKey,
    requestedAt: request.at,
    completedAt: null,
    failureReason: '',
  });
  em.persist(refund);
  order.refundedMinor += counted;
  order.updatedAt = request.at;
  await addHistory(em, {
    orderId: order.id,
    at: request.at,
    action: 'refund_requested',
    properties: {
      refundId: refund.id,
      paymentId: request.paymentId,
      amountMinor: request.amountMinor,
      reason: request.reason,
      cancelsOrder: request.cancelsOrder,
    },
    actorUserId: request.requestedBy,
  });
  publishRefundRequested(em, refund);
  return refund;
}
