import type { EntityManager } from '@mikro-orm/postgresql';
import type { Event } from '@kassa/proto/catalog/v1/events';
import { removalAtFor } from '../domain/deletion';
import { type EventStatus, type StatusChange, changeStatus } from '../domain/event-status';
import { eventProperties } from '../domain/history';
import type { CatalogEvent } from '../persistence/event.entity';
import { type CatalogContext, type Caller, WRITE, authorizeCaller, scheduleDeadlines } from './catalog-context';
import { checkIds, countTicketOptions, loadEvent, recordEventChange } from './catalog-records';
import { eventValuesOf, toEventMessage } from './catalog-views';

/**
 * Applies one step of the status machine to a loaded (locked) event: a repeat the contract accepts changes
 * nothing (no version, history or message); a real change is recorded like any other.
 */
export async function applyStatusChange(
  em: EntityManager,
  event: CatalogEvent,
  change: StatusChange,
  actorUserId: string | null,
  now: Date,
): Promise<Event> {
  const outcome = changeStatus(event.status as EventStatus, change, { endsAt: event.endsAt, now });
  if (!outcome.changed) return toEventMessage(event, await countTicketOptions(em, event.id));
  const before = eventProperties(eventValuesOf(event));
  event.status = outcome.status;
  if (outcome.status === 'deleted') {
    event.deletedAt = now;
    event.removalAt = removalAtFor(now);
  }
  return recordEventChange(em, event, before, { action: change, actorUserId, at: now });
}

/** An organiser's Publish, Convert to Draft or Delete. */
export async function changeEventStatus(
  ctx: CatalogContext,
  caller: Caller,
  request: { organisationId: string; eventId: string },
  change: Exclude<StatusChange, 'ended'>,
): Promise<{ event: Event }> {
  checkIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, WRITE);
  const now = ctx.now();
  const event = await ctx.orm.em.fork().transactional(async (em) => {
    const loaded = await loadEvent(em, request.organisationId, request.eventId, true);
    return applyStatusChange(em, loaded, change, actorUserId, now);
  });
  await scheduleDeadlines(ctx, {
    id: event.id,
    status: event.status,
    endsAt: event.endsAt!,
    removalAt: event.removalAt,
  });
  return { event };
}
