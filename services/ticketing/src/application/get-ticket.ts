import { NotFoundError } from '@kassa/platform/errors';
import { accessKeyMatches } from '@kassa/platform/ids';
import type { GetTicketRequest, GetTicketResponse } from '@kassa/proto/ticketing/v1/tickets';
import { loadEvents } from '../persistence/event.repository';
import { loadTickets } from '../persistence/ticket.repository';
import { checkRequest, TICKET_NOT_FOUND } from './ticket-records';
import type { TicketingContext } from './ticketing-context';
import { grantedEventIds, toTicket } from './ticket-views';

/**
 * One ticket for its public page. Anonymous: the access key is the capability (a wrong or missing one is the same
 * NOT_FOUND as an unknown id). A ticket exists for guests once it was issued (a reserved one has no page yet); the
 * buyer's e-mail is left out.
 */
export async function getTicket(ctx: TicketingContext, request: GetTicketRequest): Promise<GetTicketResponse> {
  const locale = checkRequest({ ticketId: { value: request.ticketId, prefix: 'tkt' } }, request.locale);
  const em = ctx.orm.em.fork();
  const [found] = await loadTickets(em, [request.ticketId]);
  if (!found || found.ticket.issuedAt === null || !accessKeyMatches(found.ticket.accessKey, request.accessKey))
    throw new NotFoundError(TICKET_NOT_FOUND);
  const events = await loadEvents(em, grantedEventIds([found]));
  return { ticket: toTicket(found, events, { locale, includeEmail: false, includeAccessKey: true }) };
}
