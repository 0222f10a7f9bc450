import { LockMode } from '@mikro-orm/core';
import type { CallContext } from '@kassa/platform/grpc';
import { messages, ValidationError, Violations } from '@kassa/platform/errors';
import { newId } from '@kassa/platform/ids';
import { transactionalWithEffects } from '@kassa/platform/persistence';
import type { RefundOrderRequest, RefundOrderResponse } from '@kassa/proto/ordering/v1/orders';
import { IDEMPOTENCY_KEY_PATTERN } from '@kassa/contracts/idempotency-key';
import { planOrganiserRefund } from '../domain/refund';
import { RefundEntity } from '../persistence/order.entity';
import { addHistory } from '../persistence/order.repository';
import {
  changeOrderStatus,
  checkOrderIds,
  lockOrganisationOrder,
  orderMessage,
  recordOrderChange,
  releaseOrderTickets,
  requestRefund,
} from './order-records';
import { authorizeCaller, ORDERS_MANAGE, type OrderingContext } from './ordering-context';
import { toRefund } from './order-views';

/**
 * The organiser refunds a paid order, in full (the rest of its total; the order is canceled once payments reports
 * the refund done) or in part. Recorded at once as requested, with refund.requested for payments. Idempotent per
 * (order, idempotency key); the same key for a different refund is INVALID_ARGUMENT. When nothing is left to pay
 * back (a free order), a full refund cancels the order at once. Permission "orders.manage".
 */
export async function refundOrder(
  ctx: OrderingContext,
  call: Pick<CallContext, 'actor'>,
  request: RefundOrderRequest,
): Promise<RefundOrderResponse> {
  checkOrderIds(request);
  const violations = new Violations();
  if (request.idempotencyKey === '') violations.add('idempotencyKey', messages.required('Idempotency key'));
  else if (!IDEMPOTENCY_KEY_PATTERN.test(request.idempotencyKey))
    violations.add('idempotencyKey', messages.invalid('Idempotency key'));
  violations.throwIfAny();
  const actorUserId = await authorizeCaller(ctx, call, request.organisationId, ORDERS_MANAGE);
  const now = ctx.now();

  return transactionalWithEffects(ctx.orm.em.fork(), async (em) => {
    const order = await lockOrganisationOrder(
      em,
      request.organisationId,
      request.orderId,
      ctx.unsafeUnlockedOrder ? LockMode.NONE : LockMode.PESSIMISTIC_WRITE,
    );
    const earlier = await em.findOne(RefundEntity, { orderId: order.id, idempotencyKey: request.idempotencyKey });
    if (earlier) {
      const same =
        earlier.cancelsOrder === request.full && (request.full || earlier.amountMinor === Number(request.amountMinor));
      if (!same) throw new ValidationError([{ field: 'idempotencyKey', message: messages.invalid('Idempotency key') }]);
      return { order: await orderMessage(em, order), refund: toRefund(earlier) };
    }
    const cancelPending =
      (await em.count(RefundEntity, { orderId: order.id, status: 'requested', cancelsOrder: true })) > 0;
    const plan = planOrganiserRefund(
      { ...order, cancelPending },
      { full: request.full, amountMinor: Number(request.amountMinor) },
    );

    if (plan.immediate) {
      // Nothing to pay back: the refund is done as it is recorded, and the order canceled with it.
      const refund = em.create(RefundEntity, {
        id: newId('ref'),
        orderId: order.id,
        organisationId: order.organisationId,
        paymentId: order.paidPaymentId ?? '',
        amountMinor: 0,
        countedMinor: 0,
        currency: order.currency,
        status: 'succeeded',
        reason: 'organiser',
        cancelsOrder: true,
        requestedBy: actorUserId,
        idempotencyKey: request.idempotencyKey,
        requestedAt: now,
        completedAt: now,
        failureReason: '',
      });
      em.persist(refund);
      await releaseOrderTickets(em, order, 'sold');
      changeOrderStatus(em, order, 'canceled');
      order.outcome = 'refunded';
      await addHistory(em, {
        orderId: order.id,
        at: now,
        action: 'refunded',
        properties: { refundId: refund.id, amountMinor: 0 },
        actorUserId,
      });
      await addHistory(em, {
        orderId: order.id,
        at: now,
        action: 'canceled',
        properties: { refundId: refund.id },
        actorUserId,
      });
      return {
        order: await recordOrderChange(em, order, 'canceled', { at: now, actorUserId, refund: toRefund(refund) }),
        refund: toRefund(refund),
      };
    }

    const refund = await requestRefund(em, order, {
      paymentId: order.paidPaymentId ?? '',
      amountMinor: plan.amountMinor,
      reason: 'organiser',
      cancelsOrder: plan.cancelsOrder,
      requestedBy: actorUserId,
      idempotencyKey: request.idempotencyKey,
      at: now,
    });
    // No event yet: the order changes (refunded, canceled) when payments reports the refund done.
    return { order: await orderMessage(em, order), refund: toRefund(refund) };
  });
}
