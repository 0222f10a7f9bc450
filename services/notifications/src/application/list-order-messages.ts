import type { CallContext } from '@kassa/platform/grpc';
import { Violations } from '@kassa/platform/errors';
import type { ListOrderMessagesRequest } from '@kassa/proto/notifications/v1/notifications';
import { listOrganisationOrderMessages, type MessageWithHistory } from './list-messages';
import { ORDERS_VIEW, type OrderMessagesContext } from './order-messages-context';

/**
 * The e-mails about one order of the organisation (confirmation, resends, refunds), newest first, with their delivery
 * history, for the organiser's order page. Permission "orders.view"; another organisation's order lists nothing.
 */
export async function listOrderMessages(
  ctx: OrderMessagesContext,
  call: Pick<CallContext, 'actor'>,
  request: ListOrderMessagesRequest,
): Promise<MessageWithHistory[]> {
  const v = new Violations();
  const organisationId = v.id('organisationId', request.organisationId, 'org');
  const orderId = v.id('orderId', request.orderId, 'ord');
  v.throwIfAny();
  await ctx.authorizer.authorize(call, organisationId, ORDERS_VIEW);
  return listOrganisationOrderMessages(ctx.orm.em.fork(), organisationId, orderId);
}
