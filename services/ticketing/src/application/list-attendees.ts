import type { CallContext } from '@kassa/platform/grpc';
import { messages, NotFoundError, Violations } from '@kassa/platform/errors';
import { type Page, pageInfo, readPage } from '@kassa/platform/paging';
import type { PageRequest } from '@kassa/proto/common/v1/common';
import type { ListAttendeesRequest, ListAttendeesResponse } from '@kassa/proto/ticketing/v1/tickets';
import { compactReferenceQuery } from '../domain/ticket-reference';
import { type AttendeeStatus, isAttendeeStatus } from '../domain/ticket-status';
import { listAttendees as queryAttendees } from '../persistence/attendee.repository';
import { isEventOfOrganisation } from '../persistence/event.repository';
import { EVENT_NOT_FOUND } from './ticket-records';
import { authorizeAny, CHECKIN, ORDERS_VIEW, type TicketingContext } from './ticketing-context';

/** The CSV export walks the pages: a larger page than the platform's lists allow (100). */
export const MAX_ATTENDEES_PAGE_SIZE = 500;
const DEFAULT_ATTENDEES_PAGE_SIZE = 50;
/** Longer than any e-mail address, reference or order number: not a search anyone means. */
const MAX_QUERY_LENGTH = 254;

/** The page asked for: the platform's token, and a size of 1–500 (50 when not given). */
export function attendeesPage(page: PageRequest | undefined): Page {
  const { offset } = readPage(page);
  return {
    limit: Math.min(Math.max(page?.pageSize || DEFAULT_ATTENDEES_PAGE_SIZE, 1), MAX_ATTENDEES_PAGE_SIZE),
    offset,
  };
}

/**
 * An event's attendees (one row per issued ticket granting it), newest issued first, searchable by reference, order
 * number (any case, with or without the dash, any part) or e-mail (substring, any case) and filtered by per-event
 * status; or, with a shop instead of an event, the shop's tickets. Permission "orders.view" or "checkin"; an event of
 * another organisation is NOT_FOUND.
 */
export async function listAttendees(
  ctx: TicketingContext,
  call: Pick<CallContext, 'actor'>,
  request: ListAttendeesRequest,
): Promise<ListAttendeesResponse> {
  const violations = new Violations();
  violations.id('organisationId', request.organisationId, 'org');
  // A shop's tickets when a shop is named (and no event); an event's attendees otherwise.
  const byShop = request.shopId !== '' && request.eventId === '';
  if (byShop) violations.id('shopId', request.shopId, 'shp');
  else violations.id('eventId', request.eventId, 'evt');
  const query = violations.string('query', request.query, { label: 'Query', maxLength: MAX_QUERY_LENGTH });
  request.statuses.forEach((status, index) => {
    if (!isAttendeeStatus(status)) violations.add(`statuses.${index}`, messages.invalid('Status'));
  });
  violations.throwIfAny();
  const { limit, offset } = attendeesPage(request.page);

  await authorizeAny(ctx.authorizer, call, request.organisationId, [ORDERS_VIEW, CHECKIN]);
  const em = ctx.orm.em.fork();
  // A shop of another organisation simply has no tickets here: every row is filtered by the organisation too.
  if (!byShop && !(await isEventOfOrganisation(em, request.organisationId, request.eventId)))
    throw new NotFoundError(EVENT_NOT_FOUND);

  const compact = compactReferenceQuery(query);
  const { rows, total } = await queryAttendees(
    em,
    {
      organisationId: request.organisationId,
      scope: byShop ? { shopId: request.shopId } : { eventId: request.eventId },
      statuses: [...new Set(request.statuses)] as AttendeeStatus[],
      emailQuery: query,
      compactQuery: /^[0-9A-Z]+$/.test(compact) ? compact : '',
    },
    { limit, offset },
  );
  return {
    attendees: rows.map((row) => ({
      ticketId: row.ticketId,
      reference: row.reference,
      status: row.status,
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      email: row.email,
      itemName: row.itemName,
      ticketOptionId: row.ticketOptionId,
      checkedInAt: row.checkedInAt ?? undefined,
      checkedInByDevice: row.checkedInDevice,
      issuedAt: row.issuedAt,
      subscribed: row.subscribed,
    })),
    page: pageInfo({ limit, offset }, total),
  };
}
