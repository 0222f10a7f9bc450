import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';
import type { EventChanged } from '@kassa/proto/catalog/events/v1/events';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BucketPolicy } from '../domain/quota-allocation';
import { removeEvent, upsertEvent } from '../persistence/projection.repository';

/** catalog's EventChanged → the event's status, name, dates and ticket-limit quota; "removed" takes its ticket options along. */
export async function projectEvent(em: EntityManager, message: EventChanged, policy: BucketPolicy): Promise<void> {
  const event = message.event;
  if (!event?.id) throw new Error('EventChanged without an event');
  const snapshot = {
    id: event.id,
    organisationId: event.organisationId,
    status: event.status,
    name: event.name,
    startsAt: event.startsAt ?? null,
    endsAt: event.endsAt ?? new Date(0),
    ticketLimit: event.ticketLimit ?? null,
    // A snapshot from before events had zones (a replayed stream) was in the platform's zone.
    timeZone: event.timeZone || DEFAULT_TIME_ZONE,
    version: event.version,
  };
  if (message.change === 'removed') await removeEvent(em, snapshot);
  else await upsertEvent(em, snapshot, policy);
}
