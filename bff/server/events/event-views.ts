// catalog's messages as the screens receive them (web/src/lib/event-model.ts): dates as ISO strings, unlimited as null.
import type {
  Event,
  HistoryEntry,
  Location,
  PublicEvent,
  TicketOption,
  Translation,
} from '@kassa/proto/catalog/v1/events';
import type {
  EventInput,
  EventLocation,
  EventView,
  HistoryActor,
  HistoryEntryView,
  PublicEventView,
  TextTranslation,
  TicketOptionInput,
  TicketOptionView,
} from '@kassa/web/lib/event-model';
import { iso } from '../iso-date';

function toLocation(location: Location | undefined): EventLocation {
  return {
    address: location?.address ?? '',
    city: location?.city ?? '',
    postalCode: location?.postalCode ?? '',
    country: location?.country ?? '',
  };
}

const toTranslations = (translations: Translation[]): TextTranslation[] =>
  translations.map(({ locale, name, description }) => ({ locale, name, description }));

export function toEventView(event: Event | undefined): EventView {
  if (!event) throw new Error('catalog answered without an event');
  return {
    id: event.id,
    organisationId: event.organisationId,
    name: event.name,
    description: event.description,
    startsAt: iso(event.startsAt),
    endsAt: iso(event.endsAt),
    status: event.status,
    ticketLimit: event.ticketLimit ?? null,
    translations: toTranslations(event.translations),
    location: toLocation(event.location),
    timeZone: event.timeZone,
    ticketOptionCount: event.ticketOptionCount,
    ...(event.removalAt ? { removalAt: iso(event.removalAt) } : {}),
  };
}

export function toTicketOptionView(option: TicketOption | undefined): TicketOptionView {
  if (!option) throw new Error('catalog answered without a ticket option');
  return {
    id: option.id,
    eventId: option.eventId,
    name: option.name,
    description: option.description,
    capacity: option.capacity ?? null,
    translations: toTranslations(option.translations),
  };
}

/** `names` maps the organisation's members' user ids to their names; anyone else was a member once. */
export function toHistoryEntryView(entry: HistoryEntry, names: ReadonlyMap<string, string>): HistoryEntryView {
  const name = names.get(entry.actorUserId);
  const actor: HistoryActor = !entry.actorUserId
    ? { kind: 'system' }
    : name !== undefined
      ? { kind: 'member', name }
      : { kind: 'former' };
  return {
    id: entry.id,
    entityId: entry.entityId,
    action: entry.action,
    propertiesJson: entry.propertiesJson,
    actor,
    occurredAt: iso(entry.occurredAt),
  };
}

export function toPublicEventView(event: PublicEvent | undefined): PublicEventView {
  if (!event) throw new Error('catalog answered without an event');
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    startsAt: iso(event.startsAt),
    endsAt: iso(event.endsAt),
    status: event.status,
    location: toLocation(event.location),
    timeZone: event.timeZone,
    ticketOptions: event.ticketOptions.map(({ id, name, description }) => ({ id, name, description })),
  };
}

/** A checked request body as catalog's EventFields. */
export function toEventFields(input: EventInput) {
  return {
    name: input.name,
    description: input.description,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    ticketLimit: input.ticketLimit ?? undefined,
    translations: input.translations,
    location: input.location,
    timeZone: input.timeZone,
  };
}

/** A checked request body as catalog's TicketOptionFields. */
export function toTicketOptionFields(input: TicketOptionInput) {
  return {
    name: input.name,
    description: input.description,
    capacity: input.capacity ?? undefined,
    translations: input.translations,
  };
}
