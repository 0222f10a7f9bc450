// PUT /api/organisations/{orgId}/events/{eventId} {EventInput} → { event }: replaces the editable fields.
// DELETE → { event }: marks it deleted (hidden at once, removed for good after 14 days; removalAt says when).
import { NextResponse } from 'next/server';
import { eventClientAs } from '../../../../../../server/clients/event-client';
import {
  authorizeEventWrite,
  eventBody,
  readBody,
  type EventParams,
} from '../../../../../../server/events/event-requests';
import { toEventFields, toEventView } from '../../../../../../server/events/event-views';
import { handler } from '../../../../../../server/handler';
import { forgetPublicEvent } from '../../../../../../server/events/public-event';

export const PUT = handler<EventParams>(async (request, { params }) => {
  const { user, orgId, eventId } = await authorizeEventWrite(request, params);
  const body = await readBody(request, eventBody);
  const { event } = await eventClientAs(user.id).updateEvent({
    organisationId: orgId,
    eventId,
    fields: toEventFields(body),
  });
  forgetPublicEvent(eventId);
  return NextResponse.json({ event: toEventView(event) });
});

export const DELETE = handler<EventParams>(async (request, { params }) => {
  const { user, orgId, eventId } = await authorizeEventWrite(request, params);
  const { event } = await eventClientAs(user.id).deleteEvent({ organisationId: orgId, eventId });
  forgetPublicEvent(eventId);
  return NextResponse.json({ event: toEventView(event) });
});
