import type { CallContext } from '@kassa/platform/grpc';
import { messages, Violations } from '@kassa/platform/errors';
import { pageInfo, readPage } from '@kassa/platform/paging';
import type { ListOptInsRequest, ListOptInsResponse } from '@kassa/proto/ordering/v1/orders';
import { listOptIns as readOptIns } from '../persistence/opt-in.repository';
import { checkOrderIds } from './order-records';
import { authorizeCaller, ORDERS_VIEW, type OrderingContext } from './ordering-context';

/**
 * The guests who opted in to the organisation's mailings with an order they paid, one per address, for the
 * organiser's mailing list (an export). Only orders that were paid count (a refund later does not take the consent
 * back; an abandoned checkout's tick is no customer's consent the organiser can rely on). Permission "orders.view"
 * (personal data, like the orders list).
 */
export async function listOptIns(
  ctx: OrderingContext,
  call: Pick<CallContext, 'actor'>,
  request: ListOptInsRequest,
): Promise<ListOptInsResponse> {
  checkOrderIds({ organisationId: request.organisationId });
  const violations = new Violations();
  if (request.eventId) violations.id('eventId', request.eventId, 'evt');
  if (request.paidFrom && request.paidUntil && request.paidUntil.getTime() < request.paidFrom.getTime())
    violations.add('paidUntil', messages.invalid('Until'));
  violations.throwIfAny();
  await authorizeCaller(ctx, call, request.organisationId, ORDERS_VIEW);
  const page = readPage(request.page);
  const { rows, total } = await readOptIns(
    ctx.orm.em.fork(),
    {
      organisationId: request.organisationId,
      eventId: request.eventId,
      paidFrom: request.paidFrom ?? null,
      paidUntil: request.paidUntil ?? null,
    },
    page,
  );
  return { optIns: rows, page: pageInfo(page, total) };
}
