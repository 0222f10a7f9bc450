// Not a use case: events, ticket options and history entries as the contract's messages, and events' values as
// history diffs.
import type {
  Event,
  HistoryEntry as HistoryEntryMessage,
  TicketOption as TicketOptionMessage,
} from '@kassa/proto/catalog/v1/events';
import type { EventValues } from '../domain/event-fields';
import type { EventStatus } from '../domain/event-status';
import type { TicketOptionValues } from '../domain/ticket-option-fields';
import type { Translation } from '../domain/translations';
import type { CatalogEvent } from '../persistence/event.entity';
import type { HistoryEntry } from '../persistence/history-entry.entity';
import type { TicketOption } from '../persistence/ticket-option.entity';

/** Only the contract's keys, whatever else the stored JSON holds. */
export const copyTranslations = (translations: readonly Translation[]): Translation[] =>
  translations.map(({ locale, name, description }) => ({ locale, name, description }));

/** The stored event as the contract's message (the snapshot events carry, too). */
export function toEventMessage(event: CatalogEvent, ticketOptionCount: number): Event {
  return {
    id: event.id,
    organisationId: event.organisationId,
    name: event.name,
    description: event.description,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    status: event.status,
    ticketLimit: event.ticketLimit ?? undefined,
    translations: copyTranslations(event.translations),
    location: { address: event.address, city: event.city, postalCode: event.postalCode, country: event.country },
    timeZone: event.timeZone,
    version: event.version,
    createdAt: event.createdAt,
    deletedAt: event.deletedAt ?? undefined,
    removalAt: event.removalAt ?? undefined,
    ticketOptionCount,
  };
}

export function toTicketOptionMessage(option: TicketOption): TicketOptionMessage {
  return {
    id: option.id,
    eventId: option.eventId,
    name: option.name,
    description: option.description,
    capacity: option.capacity ?? undefined,
    translations: copyTranslations(option.translations),
    version: option.version,
    createdAt: option.createdAt,
  };
}

/** The stored event's editable values and status, as the domain sees them. */
export function eventValuesOf(event: CatalogEvent): EventValues & { status: EventStatus } {
  return {
    name: event.name,
    description: event.description,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    ticketLimit: event.ticketLimit ?? null,
    translations: event.translations,
    location: { address: event.address, city: event.city, postalCode: event.postalCode, country: event.country },
    timeZone: event.timeZone,
    status: event.status as EventStatus,
  };
}

/** Copies checked values onto a stored event (location flattened into its columns). */
export function assignEventValues(event: CatalogEvent, values: EventValues): void {
  Object.assign(event, {
    name: values.name,
    description: values.description,
    startsAt: values.startsAt,
    endsAt: values.endsAt,
    ticketLimit: values.ticketLimit,
    translations: values.translations,
    timeZone: values.timeZone,
    ...values.location,
  });
}

export function ticketOptionValuesOf(option: TicketOption): TicketOptionValues {
  return {
    name: option.name,
    description: option.description,
    capacity: option.capacity ?? null,
    translations: option.translations,
  };
}

/** A stored history entry as the contract's message (events' and shops' history alike). */
export function toHistoryEntryMessage(entry: HistoryEntry): HistoryEntryMessage {
  return {
    id: entry.id,
    entityId: entry.entityId,
    action: entry.action,
    propertiesJson: JSON.stringify(entry.properties),
    actorUserId: entry.actorUserId ?? '',
    occurredAt: entry.occurredAt,
  };
}
