// ordering's half of the payment saga (docs/ARCHITECTURE.md, Payments): what a payment attempt's news does to its order. Each runs in
// the consumer's transaction together with its inbox record, so a redelivered message does nothing again.
import type { Payment } from '@kassa/proto/payments/v1/payments';
import type { EntityManager } from '@mikro-orm/postgresql';
import { decideSucceededPayment, LATE_PAYMENT_OUTCOME } from '../domain/payment-decision';
import { isHeld } from '../domain/order-status';
import type { RefundReason } from '../domain/refund';
import type { OrderRow } from '../persistence/order.entity';
import { addHistory, loadLines, lockOrder, notePayment } from '../persistence/order.repository';
import { sellAllocations } from '../persistence/quota.repository';
import { changeOrderStatus, recordOrderChange, requestRefund } from './order-records';
import type { OrderingContext } from './ordering-context';
import { retakeOrderTickets } from './retake-order-tickets';

const amountOf = (payment: Payment) => Number(payment.amount?.amountMinor ?? 0);
const currencyOf = (payment: Payment, order: OrderRow) => payment.amount?.currency || order.currency;

async function orderOf(ctx: OrderingContext, em: EntityManager, payment: Payment): Promise<OrderRow | null> {
  const order = await lockOrder(em, payment.orderId);
  // Not ours (or not any more): acknowledged and logged rather than retried forever.
  if (!order)
    ctx.logger.warn({ paymentId: payment.id, orderId: payment.orderId }, 'payment for an unknown order; ignored');
  return order;
}

/** payment.pending: the guest went to the provider. A reserved order becomes pending (order.pending). */
export async function applyPaymentPending(
  ctx: OrderingContext,
  em: EntityManager,
  payment: Payment,
  at: Date,
): Promise<void> {
  const order = await orderOf(ctx, em, payment);
  if (!order) return;
  const noted = await notePayment(
    em,
    {
      paymentId: payment.id,
      orderId: order.id,
      status: 'pending',
      amountMinor: amountOf(payment),
      currency: currencyOf(payment, order),
    },
    at,
  );
  if (!noted) return;
  await addHistory(em, {
    orderId: order.id,
    at,
    action: 'payment_started',
    properties: { paymentId: payment.id, provider: payment.provider },
  });
  if (order.status !== 'reserved') return;
  changeOrderStatus(em, order, 'pending');
  await recordOrderChange(em, order, 'pending', { at, actorUserId: null });
}

/**
 * payment.failed: recorded in the history; the order stays payable until its hold ends (the guest may retry), and
 * order.payment_failed tells the guest so by e-mail. A failure of an order that is no longer held (an attempt closed
 * because the order expired or was canceled, or reported after it was paid) changes nothing more.
 */
export async function applyPaymentFailed(
  ctx: OrderingContext,
  em: EntityManager,
  payment: Payment,
  at: Date,
): Promise<void> {
  const order = await orderOf(ctx, em, payment);
  if (!order) return;
  const noted = await notePayment(
    em,
    {
      paymentId: payment.id,
      orderId: order.id,
      status: 'failed',
      amountMinor: amountOf(payment),
      currency: currencyOf(payment, order),
    },
    at,
  );
  if (!noted) return;
  await addHistory(em, {
    orderId: order.id,
    at,
    action: 'payment_failed',
    properties: { paymentId: payment.id, reason: payment.failureReason },
  });
  if (isHeld(order.status)) await recordOrderChange(em, order, 'payment_failed', { at, actorUserId: null });
  else order.updatedAt = at;
}

/**
 * payment.succeeded: the money is taken, so the order ends paid-with-tickets or the money goes back, never both and
 * never twice (domain/payment-decision.ts). A held order is paid; an expired one re-reserves its tickets if they are
 * still there (else refund, reason late_payment); a canceled one is refunded (order_canceled); a second successful
 * payment of a paid order is refunded (duplicate_payment); the same payment reported again does nothing.
 */
export async function applyPaymentSucceeded(
  ctx: OrderingContext,
  em: EntityManager,
  payment: Payment,
  at: Date,
): Promise<void> {
  const order = await orderOf(ctx, em, payment);
  if (!order) return;
  const amountMinor = amountOf(payment);
  const first = await notePayment(
    em,
    {
      paymentId: payment.id,
      orderId: order.id,
      status: 'succeeded',
      amountMinor,
      currency: currencyOf(payment, order),
    },
    at,
  );
  if (!first) return;
  const decision = decideSucceededPayment(order, payment.id);
  const refund = (reason: RefundReason) =>
    requestRefund(em, order, {
      paymentId: payment.id,
      amountMinor,
      reason,
      cancelsOrder: false,
      requestedBy: null,
      idempotencyKey: null,
      at,
    });

  switch (decision.kind) {
    case 'nothing':
      return;
    case 'pay':
      await sellAllocations(em, order.id);
      await markPaid(em, order, payment, at);
      return;
    case 're_reserve': {
      const lines = (await loadLines(em, [order.id])).get(order.id) ?? [];
      if (await retakeOrderTickets(ctx, em, order, lines, 'sold')) {
        await addHistory(em, { orderId: order.id, at, action: 're_reserved', properties: { paymentId: payment.id } });
        order.outcome = '';
        await markPaid(em, order, payment, at);
        return;
      }
      order.outcome = LATE_PAYMENT_OUTCOME;
      await refund('late_payment');
      await recordOrderChange(em, order, null, { at, actorUserId: null });
      ctx.logger.warn({ orderId: order.id, paymentId: payment.id }, 'late payment: tickets gone, refund requested');
      return;
    }
    case 'refund':
      await refund(decision.reason);
      await recordOrderChange(em, order, null, { at, actorUserId: null });
      ctx.logger.warn(
        { orderId: order.id, paymentId: payment.id, reason: decision.reason },
        'payment cannot be kept; refund requested',
      );
      return;
  }
}

async function markPaid(em: EntityManager, order: OrderRow, payment: Payment, at: Date): Promise<void> {
  changeOrderStatus(em, order, 'paid');
  order.paidAt = at;
  order.paidPaymentId = payment.id;
  await addHistory(em, {
    orderId: order.id,
    at,
    action: 'paid',
    properties: { paymentId: payment.id, amountMinor: amountOf(payment) },
  });
  await recordOrderChange(em, order, 'paid', { at, actorUserId: null });
}
