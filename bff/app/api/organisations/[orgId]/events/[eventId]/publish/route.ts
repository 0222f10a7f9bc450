// POST /api/organisations/{orgId}/events/{eventId}/publish → { event }: draft → live (409 when it cannot be).
import { NextResponse } from 'next/server';
import { eventClientAs } from '../../../../../../../server/clients/event-client';
import { authorizeEventWrite, type EventParams } from '../../../../../../../server/events/event-requests';
import { toEventView } from '../../../../../../../server/events/event-views';
import { handler } from '../../../../../../../server/handler';
import { forgetPublicEvent } from '../../../../../../../server/events/public-event';

export const POST = handler<EventParams>(async (request, { params }) => {
  const { user, orgId, eventId } = await authorizeEventWrite(request, params);
  const { event } = await eventClientAs(user.id).publishEvent({ organisationId: orgId, eventId });
  forgetPublicEvent(eventId);
  return NextResponse.json({ event: toEventView(event) });
});
