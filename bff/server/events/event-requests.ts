// What every events route handler does first: who is asking, which organisation and ids (400 'ID is invalid'),
// may they change events there (404/403, before the body is even read), and is the body well formed (400 with the
// spec's message per field). catalog checks all of it again.
import type { SessionUser } from '@kassa/web/lib/api-result';
import { eventBodySchema, ticketOptionBodySchema } from '@kassa/web/lib/event-rules';
import type { NextRequest } from 'next/server';
import { requireRouteId } from '../http-problem';
import { authorizeOrganisation, requireApiUser } from '../organisations/organisation-access';

/** The dynamic segments of the events routes (type aliases, so that handler() sees their index signature). */
export type OrganisationParams = { orgId: string };
export type EventParams = { orgId: string; eventId: string };
export type TicketOptionParams = { orgId: string; eventId: string; ticketOptionId: string };

export interface EventWrite {
  user: SessionUser;
  orgId: string;
  eventId: string;
  ticketOptionId: string;
}

/** Signed in, well-formed ids, allowed to change the organisation's events. Ids the route does not have are ''. */
export async function authorizeEventWrite(
  request: NextRequest,
  params: Partial<TicketOptionParams>,
): Promise<EventWrite> {
  const user = await requireApiUser(request);
  const orgId = requireRouteId('org', params.orgId);
  const eventId = params.eventId === undefined ? '' : requireRouteId('evt', params.eventId);
  const ticketOptionId = params.ticketOptionId === undefined ? '' : requireRouteId('tko', params.ticketOptionId);
  await authorizeOrganisation(user.id, orgId, 'events');
  return { user, orgId, eventId, ticketOptionId };
}

export { readBody } from '../request-body';

// Built once: the schemas speak the spec's English.
export const eventBody = eventBodySchema();
export const ticketOptionBody = ticketOptionBodySchema();
