// POST /api/organisations/{orgId}/events/{eventId}/convert-to-draft → { event }: live or ended → draft.
import { NextResponse } from 'next/server';
import { eventClientAs } from '../../../../../../../server/clients/event-client';
import { authorizeEventWrite, type EventParams } from '../../../../../../../server/events/event-requests';
import { toEventView } from '../../../../../../../server/events/event-views';
import { handler } from '../../../../../../../server/handler';
import { forgetPublicEvent } from '../../../../../../../server/events/public-event';

export const POST = handler<EventParams>(async (request, { params }) => {
  const { user, orgId, eventId } = await authorizeEventWrite(request, params);
  const { event } = await eventClientAs(user.id).convertEventToDraft({ organisationId: orgId, eventId });
  forgetPublicEvent(eventId);
  return NextResponse.json({ event: toEventView(event) });
});
