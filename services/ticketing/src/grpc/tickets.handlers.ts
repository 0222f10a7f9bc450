import type { AsyncHandlers } from '@kassa/platform/grpc';
import { TicketServiceService } from '@kassa/proto/ticketing/v1/tickets';
import { getEventTicketStats } from '../application/get-event-ticket-stats';
import { getTicket } from '../application/get-ticket';
import { listAttendees } from '../application/list-attendees';
import { listOrderTickets } from '../application/list-order-tickets';
import { listTicketsOfOrder } from '../application/list-tickets-of-order';
import type { TicketingContext } from '../application/ticketing-context';

export const ticketService = TicketServiceService;

/**
 * Guests' calls are anonymous (the ticket's or order's access key is the capability, checked with its id); organiser
 * calls are authorised.
 */
export function ticketHandlers(ctx: TicketingContext): AsyncHandlers<typeof TicketServiceService> {
  return {
    getTicket: (request) => getTicket(ctx, request),
    listOrderTickets: (request) => listOrderTickets(ctx, request),
    listTicketsOfOrder: (request, call) => listTicketsOfOrder(ctx, call, request),
    listAttendees: (request, call) => listAttendees(ctx, call, request),
    getEventTicketStats: (request, call) => getEventTicketStats(ctx, call, request),
  };
}
