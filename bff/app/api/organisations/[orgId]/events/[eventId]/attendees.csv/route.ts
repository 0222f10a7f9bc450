// GET /api/organisations/{orgId}/events/{eventId}/attendees.csv?q=&status=&locale= → the event's attendees (every
// page, with the Attendees tab's search and status filter) as "attendees-<event>.csv". "orders.view" or "checkin"
// in the organisation, asked of identity like every organiser route; ticketing checks again, and that the event is
// the organisation's. 401 signed out, 400 'ID is invalid', 404 not a member or no such event, 403 without either
// permission.
import type { NextRequest } from 'next/server';
import { csvResponse } from '../../../../../../../server/csv';
import { attendeesFileName } from '../../../../../../../server/events/attendee-csv';
import {
  attendeeCsvLabels,
  attendeesCsvStream,
  EXPORT_PAGE_SIZE,
} from '../../../../../../../server/events/attendee-export';
import { attendeeListQuery, ticketAccessRights } from '../../../../../../../server/events/attendee-pages';
import { eventClientAs } from '../../../../../../../server/clients/event-client';
import { handler } from '../../../../../../../server/handler';
import { FORBIDDEN_MESSAGE, HttpProblem, requireRouteId } from '../../../../../../../server/http-problem';
import { authorizeOrganisation, requireApiUser } from '../../../../../../../server/organisations/organisation-access';
import { ticketLocale } from '../../../../../../../server/tickets/ticket-requests';
import { toAttendeeView } from '../../../../../../../server/tickets/ticket-views';
import { ticketClientAs } from '../../../../../../../server/clients/ticket-client';

type Params = { orgId: string; eventId: string };

export const GET = handler<Params>(async (request: NextRequest, { params }) => {
  const user = await requireApiUser(request);
  const orgId = requireRouteId('org', params.orgId);
  const eventId = requireRouteId('evt', params.eventId);
  const permissions = await authorizeOrganisation(user.id, orgId, '');
  if (!ticketAccessRights(permissions).attendees) throw new HttpProblem(403, { message: FORBIDDEN_MESSAGE });

  const search = request.nextUrl.searchParams;
  const { q, status } = attendeeListQuery({ q: search.get('q') ?? '', status: search.get('status') ?? '' });
  // The event's name for the file name; catalog's NOT_FOUND (unknown, another organisation's) is the 404.
  const { event } = await eventClientAs(user.id).getEvent({ organisationId: orgId, eventId });
  const tickets = ticketClientAs(user.id);
  const body = await attendeesCsvStream(
    async (pageToken) => {
      const answer = await tickets.listAttendees({
        organisationId: orgId,
        eventId,
        shopId: '',
        query: q,
        statuses: status ? [status] : [],
        page: { pageSize: EXPORT_PAGE_SIZE, pageToken },
      });
      return { attendees: answer.attendees.map(toAttendeeView), nextPageToken: answer.page?.nextPageToken ?? '' };
    },
    attendeeCsvLabels(ticketLocale(search.get('locale'))),
  );

  return csvResponse(body, attendeesFileName(event?.name ?? '', eventId));
});
