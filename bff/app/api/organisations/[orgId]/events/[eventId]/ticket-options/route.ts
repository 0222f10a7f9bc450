// POST /api/organisations/{orgId}/events/{eventId}/ticket-options {TicketOptionInput} → 201 { ticketOption }.
import { NextResponse } from 'next/server';
import { eventClientAs } from '../../../../../../../server/clients/event-client';
import {
  authorizeEventWrite,
  readBody,
  ticketOptionBody,
  type EventParams,
} from '../../../../../../../server/events/event-requests';
import { toTicketOptionFields, toTicketOptionView } from '../../../../../../../server/events/event-views';
import { handler } from '../../../../../../../server/handler';
import { forgetPublicEvent } from '../../../../../../../server/events/public-event';

export const POST = handler<EventParams>(async (request, { params }) => {
  const { user, orgId, eventId } = await authorizeEventWrite(request, params);
  const body = await readBody(request, ticketOptionBody);
  const { ticketOption } = await eventClientAs(user.id).createTicketOption({
    organisationId: orgId,
    eventId,
    fields: toTicketOptionFields(body),
  });
  forgetPublicEvent(eventId);
  return NextResponse.json({ ticketOption: toTicketOptionView(ticketOption) }, { status: 201 });
});
