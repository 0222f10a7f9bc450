// What an event's Overview (sales and check-ins) and Attendees tab read from ticketing, acting for the signed-in
// member. Who may see what: attendees need "orders.view" or "checkin", the figures "events", "orders.view" or
// "checkin" (ticketing checks again). identity answers from the request's cache, since the page asked already.
import {
  ATTENDEE_STATUSES,
  type AttendeeListView,
  type AttendeeScope,
  type TicketStatsView,
} from '@kassa/web/features/tickets/ticket-model';
import { cursorPage, listQuery, type ListQuery } from '../list-pages';
import { logger } from '../logger';
import { holds, requireOrganisationAccess } from '../organisations/organisation-access';
import { toAttendeeView, toTicketStatsView } from '../tickets/ticket-views';
import { ticketClientAs } from '../clients/ticket-client';

export const ATTENDEES_PAGE_SIZE = 25;

type Search = Record<string, string | string[] | undefined>;

/** ?q= (reference, order number or e-mail), ?status= and ?page= as the Attendees tab understands them. */
export const attendeeListQuery = (search: Search): ListQuery => listQuery(search, ATTENDEE_STATUSES);

export interface TicketAccessRights {
  /** "orders.view" or "checkin": the Attendees tab and its export. */
  attendees: boolean;
  /** "orders.view": order numbers link to the order's page. */
  orders: boolean;
  /** "events", "orders.view" or "checkin": the Overview's sales and check-ins. */
  stats: boolean;
}

export function ticketAccessRights(permissions: readonly string[]): TicketAccessRights {
  const orders = holds(permissions, 'orders.view');
  const checkin = holds(permissions, 'checkin');
  return { attendees: orders || checkin, orders, stats: orders || checkin || holds(permissions, 'events') };
}

/** The signed-in member's rights over the organisation's tickets (membership checked; the page checked it too). */
export async function ticketAccess(locale: string, orgId: string): Promise<TicketAccessRights> {
  const { permissions } = await requireOrganisationAccess(locale, orgId, '');
  return ticketAccessRights(permissions);
}

/** One page of the event's attendees (or the shop's tickets), newest issued first. */
export async function loadAttendees(
  userId: string,
  orgId: string,
  scope: AttendeeScope,
  query: ListQuery,
): Promise<AttendeeListView> {
  const tickets = ticketClientAs(userId);
  const { rows, hasNextPage } = await cursorPage(query.page, async (pageToken) => {
    const answer = await tickets.listAttendees({
      organisationId: orgId,
      eventId: 'eventId' in scope ? scope.eventId : '',
      shopId: 'shopId' in scope ? scope.shopId : '',
      query: query.q,
      statuses: query.status ? [query.status] : [],
      page: { pageSize: ATTENDEES_PAGE_SIZE, pageToken },
    });
    return { rows: answer.attendees, nextPageToken: answer.page?.nextPageToken ?? '' };
  });
  return { attendees: rows.map(toAttendeeView), page: query.page, hasNextPage, query: query.q, status: query.status };
}

export async function loadTicketStats(userId: string, orgId: string, eventId: string): Promise<TicketStatsView> {
  return toTicketStatsView(await ticketClientAs(userId).getEventTicketStats({ organisationId: orgId, eventId }));
}

/** A ticketing section of a page: its data, or null (logged with `what`: the call and its ids) when ticketing could not answer. */
async function orUnavailable<T>(what: { call: string } & Record<string, string>, call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    logger.error({ err: error, ...what }, 'a ticketing section of the page could not be read');
    return null;
  }
}

/** The Attendees tab's (or the shop's Tickets page's) props: the rights, and the page when the member may see it. */
export async function attendeesTabProps(
  locale: string,
  userId: string,
  orgId: string,
  scope: AttendeeScope,
  search: Search,
) {
  const rights = await ticketAccess(locale, orgId);
  const list = rights.attendees
    ? await orUnavailable(
        { call: 'ListAttendees', ...scope },
        loadAttendees(userId, orgId, scope, attendeeListQuery(search)),
      )
    : null;
  return { allowed: rights.attendees, list, canViewOrders: rights.orders };
}

/** The Overview's figures: undefined for a member who may not see them (nothing shown), null when ticketing is away. */
export async function ticketStatsProps(
  locale: string,
  userId: string,
  orgId: string,
  eventId: string,
): Promise<TicketStatsView | null | undefined> {
  const rights = await ticketAccess(locale, orgId);
  if (!rights.stats) return undefined;
  return orUnavailable({ call: 'GetEventTicketStats', eventId }, loadTicketStats(userId, orgId, eventId));
}
