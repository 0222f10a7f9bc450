// Events and ticket options as the screens receive them from the BFF, and what the screens send back.
// Dates travel as ISO strings; an unset limit or capacity is null (unlimited).

import type { Locale } from '@kassa/contracts/locales';
import type { ListedShopWindow } from './shop-model';

export { LOCALES as EVENT_LOCALES, type Locale as EventLocale } from '@kassa/contracts/locales';

export { EVENT_STATUSES, type EventStatus, EVENT_LIST_STATUSES } from '@kassa/contracts/statuses';

export interface EventLocation {
  address: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, or '' when not given. */
  country: string;
}

/** The name and description in one more locale. */
export interface TextTranslation {
  locale: string;
  name: string;
  description: string;
}

export interface EventView {
  id: string;
  organisationId: string;
  name: string;
  description: string;
  startsAt: string;
  endsAt: string;
  status: string;
  /** null = unlimited. */
  ticketLimit: number | null;
  translations: TextTranslation[];
  location: EventLocation;
  /** IANA zone its dates are shown and edited in. */
  timeZone: string;
  ticketOptionCount: number;
  /** Set once deleted: when it will be removed for good. */
  removalAt?: string;
}

export interface TicketOptionView {
  id: string;
  eventId: string;
  name: string;
  description: string;
  /** null = unlimited. */
  capacity: number | null;
  translations: TextTranslation[];
}

/** Who made a recorded change, as far as the organisation still knows them. */
export type HistoryActor = { kind: 'member'; name: string } | { kind: 'former' } | { kind: 'system' };

export interface HistoryEntryView {
  id: string;
  /** The event ("evt_…") or one of its ticket options ("tko_…"). */
  entityId: string;
  /** created, updated, published, converted_to_draft, ended, deleted. */
  action: string;
  /** `{"field": {"from": …, "to": …}}` as recorded. */
  propertiesJson: string;
  actor: HistoryActor;
  occurredAt: string;
}

/** One page of the organiser's event list, with the filters that made it. */
export interface EventListView {
  events: EventView[];
  /** 1-based. */
  page: number;
  hasNextPage: boolean;
  query: string;
  /** '' for every status. */
  status: string;
}

export interface PublicTicketOptionView {
  id: string;
  name: string;
  description: string;
}

/** An event as a guest sees it, its texts already in the guest's locale. */
export interface PublicEventView {
  id: string;
  name: string;
  description: string;
  startsAt: string;
  endsAt: string;
  /** live or ended. */
  status: string;
  location: EventLocation;
  /** IANA zone its dates are shown in. */
  timeZone: string;
  ticketOptions: PublicTicketOptionView[];
}

/** A shop where guests buy an event's tickets, as the event's public page lists it. */
export interface PublicEventShopView {
  shopId: string;
  name: string;
  window: ListedShopWindow;
  opensAt: string;
  closesAt: string;
  currency: string;
  /** The lowest price there for this event. */
  priceFromMinor: number;
  /** An availability word: available, upcoming, sold out or closed. */
  status: string;
}

/** The body of POST /api/organisations/{orgId}/events and PUT …/events/{eventId}. */
export interface EventInput {
  name: string;
  description: string;
  startsAt: string;
  endsAt: string;
  ticketLimit: number | null;
  location: EventLocation;
  translations: TextTranslation[];
  /** IANA zone; '' keeps the event's (a new event: the platform's). */
  timeZone: string;
}

/** The body of POST …/ticket-options and PUT …/ticket-options/{ticketOptionId}. */
export interface TicketOptionInput {
  name: string;
  description: string;
  capacity: number | null;
  translations: TextTranslation[];
}

/** The locale that is not `locale` (the one a translation is written for). */
export function otherLocale(locale: string): Locale {
  return locale === 'nl' ? 'en' : 'nl';
}

/** The texts of an entity in its translation for `locale`, empty when it has none. */
export function translationFor(
  translations: readonly TextTranslation[],
  locale: string,
): { name: string; description: string } {
  const found = translations.find((translation) => translation.locale === locale);
  return { name: found?.name ?? '', description: found?.description ?? '' };
}
