import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';
import type { EventChanged } from '@kassa/proto/catalog/events/v1/events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { upsertEvent } from '../persistence/event.repository';

/**
 * catalog's EventChanged → the event as tickets show it. "removed" keeps the last state (status "deleted"): tickets
 * that granted it still name it, and its version is the highest, so no older snapshot can change it afterwards.
 */
export async function projectEvent(em: EntityManager, message: EventChanged): Promise<boolean> {
  const event = message.event;
  if (!event?.id) throw new Error('EventChanged without an event');
  return upsertEvent(em, {
    id: event.id,
    organisationId: event.organisationId,
    name: event.name,
    translations: event.translations.map((translation) => ({ locale: translation.locale, name: translation.name })),
    startsAt: event.startsAt ?? null,
    endsAt: event.endsAt ?? null,
    address: event.location?.address ?? '',
    city: event.location?.city ?? '',
    postalCode: event.location?.postalCode ?? '',
    country: event.location?.country ?? '',
    // A snapshot from before events had zones (a replayed stream) was in the platform's zone.
    timeZone: event.timeZone || DEFAULT_TIME_ZONE,
    status: message.change === 'removed' && event.status !== 'deleted' ? 'deleted' : event.status,
    version: event.version,
  });
}
