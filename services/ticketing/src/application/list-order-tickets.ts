import { accessKeyMatches } from '@kassa/platform/ids';
import type { ListOrderTicketsRequest, ListOrderTicketsResponse } from '@kassa/proto/ticketing/v1/tickets';
import { loadEvents } from '../persistence/event.repository';
import { loadOrderGuestKey, loadOrderTickets } from '../persistence/ticket.repository';
import { checkRequest } from './ticket-records';
import type { TicketingContext } from './ticketing-context';
import { grantedEventIds, toTicket } from './ticket-views';

/**
 * The tickets of one order for the guest's order page, by position. Anonymous: the order's guest key is the
 * capability (ordering's OrderChanged brought it). Only tickets that were issued (valid,
 * used, or canceled after issue): empty before the order is paid, and the same empty answer for an unknown order
 * or a wrong key, so the call tells nothing about ids.
 */
export async function listOrderTickets(
  ctx: TicketingContext,
  request: ListOrderTicketsRequest,
): Promise<ListOrderTicketsResponse> {
  const locale = checkRequest({ orderId: { value: request.orderId, prefix: 'ord' } }, request.locale);
  const em = ctx.orm.em.fork();
  if (!accessKeyMatches(await loadOrderGuestKey(em, request.orderId), request.orderAccessKey)) return { tickets: [] };
  const tickets = await loadOrderTickets(em, request.orderId, { issuedOnly: true });
  const events = await loadEvents(em, grantedEventIds(tickets));
  return {
    tickets: tickets.map((ticket) => toTicket(ticket, events, { locale, includeEmail: false, includeAccessKey: true })),
  };
}
