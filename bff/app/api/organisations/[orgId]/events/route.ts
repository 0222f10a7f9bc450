// POST /api/organisations/{orgId}/events {EventInput} → 201 { event }: a new draft event.
import { NextResponse } from 'next/server';
import { eventClientAs } from '../../../../../server/clients/event-client';
import {
  authorizeEventWrite,
  eventBody,
  readBody,
  type OrganisationParams,
} from '../../../../../server/events/event-requests';
import { toEventFields, toEventView } from '../../../../../server/events/event-views';
import { handler } from '../../../../../server/handler';

export const POST = handler<OrganisationParams>(async (request, { params }) => {
  const { user, orgId } = await authorizeEventWrite(request, params);
  const body = await readBody(request, eventBody);
  const { event } = await eventClientAs(user.id).createEvent({ organisationId: orgId, fields: toEventFields(body) });
  return NextResponse.json({ event: toEventView(event) }, { status: 201 });
});
