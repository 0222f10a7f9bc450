import type { CallContext } from '@kassa/platform/grpc';
import { NotFoundError } from '@kassa/platform/errors';
import type { GetOrderRequest, GetOrderResponse } from '@kassa/proto/ordering/v1/orders';
import { refundable } from '../domain/refund';
import { OrderEntity, OrderHistoryEntity, RefundEntity } from '../persistence/order.entity';
import { loadLines } from '../persistence/order.repository';
import { checkOrderIds, ORDER_NOT_FOUND } from './order-records';
import { authorizeCaller, ORDERS_VIEW, type OrderingContext } from './ordering-context';
import { toHistoryEntry, toOrder, toRefund } from './order-views';

/** One order of the organisation with its refunds, history and what is left to refund. Permission "orders.view". */
export async function getOrder(
  ctx: OrderingContext,
  call: Pick<CallContext, 'actor'>,
  request: GetOrderRequest,
): Promise<GetOrderResponse> {
  checkOrderIds(request);
  await authorizeCaller(ctx, call, request.organisationId, ORDERS_VIEW);
  const em = ctx.orm.em.fork();
  const order = await em.findOne(OrderEntity, { id: request.orderId, organisationId: request.organisationId });
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  const [lines, refunds, history] = await Promise.all([
    loadLines(em, [order.id]),
    em.find(RefundEntity, { orderId: order.id }, { orderBy: { requestedAt: 'asc', id: 'asc' } }),
    em.find(OrderHistoryEntity, { orderId: order.id }, { orderBy: { id: 'asc' } }),
  ]);
  return {
    order: toOrder(order, lines.get(order.id) ?? []),
    refunds: refunds.map(toRefund),
    history: history.map(toHistoryEntry),
    refundableMinor: refundable(order),
  };
}
