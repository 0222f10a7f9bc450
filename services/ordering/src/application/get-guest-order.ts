import { NotFoundError, Violations } from '@kassa/platform/errors';
import { accessKeyMatches } from '@kassa/platform/ids';
import type { GetGuestOrderRequest, GetGuestOrderResponse } from '@kassa/proto/ordering/v1/orders';
import { OrderEntity } from '../persistence/order.entity';
import { loadLines } from '../persistence/order.repository';
import { ORDER_NOT_FOUND } from './order-records';
import type { OrderingContext } from './ordering-context';
import { toGuestOrder } from './order-views';

/**
 * The guest's order by its id and access key; anonymous, read-only. A wrong or missing key is NOT_FOUND, the same
 * answer as an unknown id, so neighbouring ids tell a guesser nothing.
 */
export async function getGuestOrder(
  ctx: OrderingContext,
  request: GetGuestOrderRequest,
): Promise<GetGuestOrderResponse> {
  const violations = new Violations();
  const orderId = violations.id('orderId', request.orderId, 'ord');
  violations.throwIfAny();
  const em = ctx.orm.em.fork();
  const order = await em.findOne(OrderEntity, { id: orderId });
  if (!order || !accessKeyMatches(order.accessKey, request.accessKey)) throw new NotFoundError(ORDER_NOT_FOUND);
  const lines = (await loadLines(em, [order.id])).get(order.id) ?? [];
  return { order: toGuestOrder(order, lines, ctx.now()) };
}
