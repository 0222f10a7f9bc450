import { FailedPreconditionError } from '@kassa/platform/errors';
import type { UpdateEventRequest, UpdateEventResponse } from '@kassa/proto/catalog/v1/events';
import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';
import { checkEventFields } from '../domain/event-fields';
import { eventProperties } from '../domain/history';
import { type CatalogContext, type Caller, WRITE, authorizeCaller, scheduleDeadlines } from './catalog-context';
import { checkIds, countTicketOptions, loadEvent, recordEventChange } from './catalog-records';
import { assignEventValues, eventValuesOf, toEventMessage } from './catalog-views';

/** Replaces an event's editable fields; the status stays (a live event whose end moved is ended by the sweeper when due). */
export async function updateEvent(
  ctx: CatalogContext,
  caller: Caller,
  request: UpdateEventRequest,
): Promise<UpdateEventResponse> {
  checkIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, WRITE);
  // Checked before any read; the event's own zone fills in an empty one once it is loaded.
  checkEventFields(request.fields, DEFAULT_TIME_ZONE);
  const now = ctx.now();
  const result = await ctx.orm.em.fork().transactional(async (em) => {
    const event = await loadEvent(em, request.organisationId, request.eventId, true);
    if (event.status === 'deleted') throw new FailedPreconditionError('The event is deleted');
    const values = checkEventFields(request.fields, event.timeZone);
    const before = eventProperties(eventValuesOf(event));
    assignEventValues(event, values);
    // Saving the same values again is not a change: no version, no history, no message.
    if (JSON.stringify(before) === JSON.stringify(eventProperties(eventValuesOf(event)))) {
      return { event: toEventMessage(event, await countTicketOptions(em, event.id)) };
    }
    return { event: await recordEventChange(em, event, before, { action: 'updated', actorUserId, at: now }) };
  });
  await scheduleDeadlines(ctx, { id: request.eventId, status: result.event.status, endsAt: result.event.endsAt! });
  return result;
}
