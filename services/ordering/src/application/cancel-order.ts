import type { CallContext } from '@kassa/platform/grpc';
import { FailedPreconditionError } from '@kassa/platform/errors';
import { transactionalWithEffects } from '@kassa/platform/persistence';
import type { CancelOrderRequest, CancelOrderResponse } from '@kassa/proto/ordering/v1/orders';
import { isHeld } from '../domain/order-status';
import { addHistory } from '../persistence/order.repository';
import {
  changeOrderStatus,
  checkOrderIds,
  lockOrganisationOrder,
  orderMessage,
  recordOrderChange,
  releaseOrderTickets,
} from './order-records';
import { authorizeCaller, ORDERS_MANAGE, type OrderingContext } from './ordering-context';

/**
 * The organiser cancels an unpaid order: its reserved tickets and code uses go back, order.canceled. Idempotent (a
 * canceled order is returned as it is); a paid order is canceled by a full refund, an expired one is over already.
 * A payment that still succeeds for it later is refunded (reason order_canceled). Permission "orders.manage".
 */
export async function cancelOrder(
  ctx: OrderingContext,
  call: Pick<CallContext, 'actor'>,
  request: CancelOrderRequest,
): Promise<CancelOrderResponse> {
  checkOrderIds(request);
  const actorUserId = await authorizeCaller(ctx, call, request.organisationId, ORDERS_MANAGE);
  const now = ctx.now();
  return transactionalWithEffects(ctx.orm.em.fork(), async (em) => {
    const order = await lockOrganisationOrder(em, request.organisationId, request.orderId);
    if (order.status === 'canceled') return { order: await orderMessage(em, order) };
    if (!isHeld(order.status)) {
      throw new FailedPreconditionError(
        order.status === 'paid'
          ? 'A paid order is canceled by refunding it in full'
          : `An order that is ${order.status} cannot be canceled`,
      );
    }
    await releaseOrderTickets(em, order, 'reserved');
    changeOrderStatus(em, order, 'canceled');
    order.outcome = 'canceled';
    await addHistory(em, { orderId: order.id, at: now, action: 'canceled', actorUserId });
    return { order: await recordOrderChange(em, order, 'canceled', { at: now, actorUserId }) };
  });
}
