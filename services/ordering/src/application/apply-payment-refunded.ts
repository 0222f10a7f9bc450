import type { PaymentRefunded } from '@kassa/proto/payments/events/v1/events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RefundEntity } from '../persistence/order.entity';
import { addHistory, lockOrder } from '../persistence/order.repository';
import { changeOrderStatus, recordOrderChange, releaseOrderTickets } from './order-records';
import type { OrderingContext } from './ordering-context';
import { toRefund } from './order-views';

/**
 * payment.refunded / refund.failed: payments carried out (or could not carry out) a refund ordering requested. Applied
 * once per refund: a refund no longer "requested" is left alone. A succeeded full refund cancels the order (its sold
 * tickets back on sale): order.refunded, then order.canceled. A failed one gives back its share of the refunded total.
 */
export async function applyRefundResult(
  ctx: OrderingContext,
  em: EntityManager,
  message: PaymentRefunded,
  succeeded: boolean,
  at: Date,
): Promise<void> {
  const known = await em.findOne(RefundEntity, { id: message.refundId });
  if (!known) {
    ctx.logger.warn(
      { refundId: message.refundId, orderId: message.orderId },
      'refund result for an unknown refund; ignored',
    );
    return;
  }
  // Lock order: the order row first, then what belongs to it.
  const order = (await lockOrder(em, known.orderId))!;
  await em.refresh(known);
  const refund = known;
  if (refund.status !== 'requested') return;
  refund.completedAt = at;

  if (!succeeded) {
    refund.status = 'failed';
    refund.failureReason = message.failureReason || 'refused by the payment provider';
    order.refundedMinor = Math.max(0, order.refundedMinor - refund.countedMinor);
    await addHistory(em, {
      orderId: order.id,
      at,
      action: 'refund_failed',
      properties: { refundId: refund.id, reason: refund.failureReason },
    });
    await recordOrderChange(em, order, null, { at, actorUserId: null });
    ctx.logger.warn({ orderId: order.id, refundId: refund.id }, 'refund failed');
    return;
  }

  refund.status = 'succeeded';
  await addHistory(em, {
    orderId: order.id,
    at,
    action: 'refunded',
    properties: {
      refundId: refund.id,
      amountMinor: refund.amountMinor,
      reason: refund.reason,
      providerReference: message.providerReference,
    },
  });
  await recordOrderChange(em, order, 'refunded', { at, actorUserId: null, refund: toRefund(refund) });
  if (refund.cancelsOrder && order.status === 'paid') {
    await releaseOrderTickets(em, order, 'sold');
    changeOrderStatus(em, order, 'canceled');
    order.outcome = 'refunded';
    await addHistory(em, {
      orderId: order.id,
      at,
      action: 'canceled',
      properties: { refundId: refund.id },
      actorUserId: refund.requestedBy ?? null,
    });
    await recordOrderChange(em, order, 'canceled', {
      at,
      actorUserId: refund.requestedBy ?? null,
      refund: toRefund(refund),
    });
  }
}
