import type { CallContext } from '@kassa/platform/grpc';
import { NotFoundError } from '@kassa/platform/errors';
import type { ListTicketsOfOrderRequest, ListTicketsOfOrderResponse } from '@kassa/proto/ticketing/v1/tickets';
import { loadEvents } from '../persistence/event.repository';
import { OrderStateEntity } from '../persistence/order-state.entity';
import { loadOrderTickets } from '../persistence/ticket.repository';
import { checkRequest, ORDER_NOT_FOUND } from './ticket-records';
import { authorizeAny, ORDERS_VIEW, type TicketingContext } from './ticketing-context';
import { grantedEventIds, ORGANISER_NAMES, toTicket } from './ticket-views';

/**
 * The tickets of one order for the organiser's order page, by position, reserved ones included, with the buyer's
 * e-mail. Permission "orders.view"; an order of another organisation (or one ticketing never heard of) is NOT_FOUND.
 * The request names no language, so events carry their own names (the organiser's, as catalog shows them).
 */
export async function listTicketsOfOrder(
  ctx: TicketingContext,
  call: Pick<CallContext, 'actor'>,
  request: ListTicketsOfOrderRequest,
): Promise<ListTicketsOfOrderResponse> {
  checkRequest({
    organisationId: { value: request.organisationId, prefix: 'org' },
    orderId: { value: request.orderId, prefix: 'ord' },
  });
  await authorizeAny(ctx.authorizer, call, request.organisationId, [ORDERS_VIEW]);
  const em = ctx.orm.em.fork();
  const state = await em.findOne(OrderStateEntity, {
    orderId: request.orderId,
    organisationId: request.organisationId,
  });
  if (!state) throw new NotFoundError(ORDER_NOT_FOUND);
  const tickets = await loadOrderTickets(em, request.orderId);
  const events = await loadEvents(em, grantedEventIds(tickets));
  return {
    tickets: tickets.map((ticket) =>
      toTicket(ticket, events, { locale: ORGANISER_NAMES, includeEmail: true, includeAccessKey: true }),
    ),
  };
}
