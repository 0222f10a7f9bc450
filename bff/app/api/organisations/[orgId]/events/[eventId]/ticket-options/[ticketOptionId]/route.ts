// PUT /api/organisations/{orgId}/events/{eventId}/ticket-options/{ticketOptionId} {TicketOptionInput} → { ticketOption }.
// DELETE → { ok: true }. An option that is not (or no longer) the event's answers 404: ids of another event or
// organisation must not look like a success.
import { NextResponse } from 'next/server';
import { eventClientAs } from '../../../../../../../../server/clients/event-client';
import {
  authorizeEventWrite,
  readBody,
  ticketOptionBody,
  type TicketOptionParams,
  type EventWrite,
} from '../../../../../../../../server/events/event-requests';
import { toTicketOptionFields, toTicketOptionView } from '../../../../../../../../server/events/event-views';
import { handler } from '../../../../../../../../server/handler';
import { HttpProblem, NOT_FOUND_MESSAGE } from '../../../../../../../../server/http-problem';
import { forgetPublicEvent } from '../../../../../../../../server/events/public-event';

/** catalog knows ticket options by organisation; the path also names the event, which must be the option's own. */
async function requireOptionOfEvent({ user, orgId, eventId, ticketOptionId }: EventWrite): Promise<void> {
  const { ticketOptions } = await eventClientAs(user.id).listTicketOptions({ organisationId: orgId, eventId });
  if (!ticketOptions.some((option) => option.id === ticketOptionId))
    throw new HttpProblem(404, { message: NOT_FOUND_MESSAGE });
}

export const PUT = handler<TicketOptionParams>(async (request, { params }) => {
  const write = await authorizeEventWrite(request, params);
  const body = await readBody(request, ticketOptionBody);
  await requireOptionOfEvent(write);
  const { ticketOption } = await eventClientAs(write.user.id).updateTicketOption({
    organisationId: write.orgId,
    ticketOptionId: write.ticketOptionId,
    fields: toTicketOptionFields(body),
  });
  forgetPublicEvent(write.eventId);
  return NextResponse.json({ ticketOption: toTicketOptionView(ticketOption) });
});

export const DELETE = handler<TicketOptionParams>(async (request, { params }) => {
  const write = await authorizeEventWrite(request, params);
  await requireOptionOfEvent(write);
  await eventClientAs(write.user.id).deleteTicketOption({
    organisationId: write.orgId,
    ticketOptionId: write.ticketOptionId,
  });
  forgetPublicEvent(write.eventId);
  return NextResponse.json({ ok: true });
});
