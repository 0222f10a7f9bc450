import { NotFoundError, Violations } from '@kassa/platform/errors';
import type { GetPayableOrderRequest, GetPayableOrderResponse } from '@kassa/proto/ordering/v1/orders';
import { isHeld, isPayable } from '../domain/order-status';
import { OrderEntity } from '../persistence/order.entity';
import { ORDER_NOT_FOUND } from './order-records';
import type { OrderingContext } from './ordering-context';

/** What payments needs to start an attempt; payments never trusts an amount from anyone else. */
export async function getPayableOrder(
  ctx: OrderingContext,
  request: GetPayableOrderRequest,
): Promise<GetPayableOrderResponse> {
  const violations = new Violations();
  const orderId = violations.id('orderId', request.orderId, 'ord');
  violations.throwIfAny();
  const order = await ctx.orm.em.fork().findOne(OrderEntity, { id: orderId });
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  return {
    orderId: order.id,
    number: order.number,
    organisationId: order.organisationId,
    shopId: order.shopId,
    status: order.status,
    payable: isPayable(order, ctx.now()),
    amountMinor: order.totalMinor,
    currency: order.currency,
    expiresAt: isHeld(order.status) && order.expiresAt ? order.expiresAt : undefined,
    email: order.email,
    locale: order.locale,
    accessKey: order.accessKey,
  };
}
