import type { CallContext } from '@kassa/platform/grpc';
import { messages, Violations } from '@kassa/platform/errors';
import { pageInfo, readPage } from '@kassa/platform/paging';
import { likePattern } from '@kassa/platform/persistence';
import type { ListOrdersRequest, ListOrdersResponse } from '@kassa/proto/ordering/v1/orders';
import { normaliseOrderNumberQuery } from '../domain/order-number';
import { isOrderStatus } from '../domain/order-status';
import { listOrderIds } from '../persistence/order.repository';
import { checkOrderIds, loadOrders } from './order-records';
import { authorizeCaller, ORDERS_VIEW, type OrderingContext } from './ordering-context';

/**
 * The organisation's orders, newest first. `query` matches the number (any case, with or without the dash, any part
 * of it) or the e-mail (substring, any case). Permission "orders.view".
 */
export async function listOrders(
  ctx: OrderingContext,
  call: Pick<CallContext, 'actor'>,
  request: ListOrdersRequest,
): Promise<ListOrdersResponse> {
  checkOrderIds({ organisationId: request.organisationId, shopId: request.shopId });
  await authorizeCaller(ctx, call, request.organisationId, ORDERS_VIEW);
  const violations = new Violations();
  request.statuses.forEach((status, index) => {
    if (!isOrderStatus(status)) violations.add(`statuses.${index}`, messages.invalid('Status'));
  });
  violations.throwIfAny();
  const page = readPage(request.page);
  const query = request.query.trim();
  const numberQuery = normaliseOrderNumberQuery(query);

  const em = ctx.orm.em.fork();
  const { ids, total } = await listOrderIds(
    em,
    {
      organisationId: request.organisationId,
      shopId: request.shopId,
      statuses: request.statuses,
      numberQuery: /^[0-9A-Z]+$/.test(numberQuery) ? numberQuery : '',
      emailPattern: query ? likePattern(query) : '',
    },
    page,
  );
  return {
    orders: await loadOrders(em, ids),
    page: pageInfo(page, total),
  };
}
