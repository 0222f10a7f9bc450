import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';
// Rows → the contract's messages. One place decides what a public answer leaves out (the buyer's e-mail) and when a
// code is shown (only while the ticket is valid or used).
import type { Ticket, TicketEvent } from '@kassa/proto/ticketing/v1/tickets';
import { localisedName } from '../domain/event-name';
import { isIssuedAndValid } from '../domain/ticket-status';
import type { EventRow } from '../persistence/event.entity';
import type { TicketWithAccess } from '../persistence/ticket.repository';

/** The "locale" that names events by their own name, untranslated (organiser answers without a language). */
export const ORGANISER_NAMES = '';

export interface TicketViewOptions {
  /** "en" or "nl": the language of event names; ORGANISER_NAMES for the events' own names. */
  locale: string;
  /** Organiser answers (and the events to notifications) carry the buyer's e-mail; public answers never do. */
  includeEmail: boolean;
  /**
   * Answers to whoever holds the ticket or its order, the organiser's order view and TicketsIssued carry the ticket
   * page's key; the scanner's never do.
   */
  includeAccessKey: boolean;
}

/** An event as tickets show it; an event catalog has not told about yet is its id alone. */
export function toTicketEvent(eventId: string, row: EventRow | undefined, locale: string): TicketEvent {
  return {
    id: eventId,
    name: row ? localisedName(row, locale) : '',
    startsAt: row?.startsAt ?? undefined,
    endsAt: row?.endsAt ?? undefined,
    address: row?.address ?? '',
    city: row?.city ?? '',
    postalCode: row?.postalCode ?? '',
    country: row?.country ?? '',
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
    status: row?.status ?? '',
  };
}

export function toTicket(
  { ticket, access }: TicketWithAccess,
  events: ReadonlyMap<string, EventRow>,
  options: TicketViewOptions,
): Ticket {
  return {
    id: ticket.id,
    reference: ticket.reference,
    status: ticket.status,
    orderId: ticket.orderId,
    orderNumber: ticket.orderNumber,
    organisationId: ticket.organisationId,
    shopId: ticket.shopId,
    itemId: ticket.itemId,
    itemName: ticket.itemName,
    ticketOptionId: ticket.ticketOptionId,
    price: { amountMinor: ticket.priceMinor, currency: ticket.currency },
    email: options.includeEmail ? ticket.email : '',
    code: isIssuedAndValid(ticket.status) ? (ticket.code ?? '') : '',
    access: access.map((row) => ({
      eventId: row.eventId,
      checkedInAt: row.checkedInAt ?? undefined,
      checkedInByDevice: row.checkedInDevice ?? '',
    })),
    events: access.map((row) => toTicketEvent(row.eventId, events.get(row.eventId), options.locale)),
    issuedAt: ticket.issuedAt ?? undefined,
    canceledAt: ticket.canceledAt ?? undefined,
    position: ticket.position,
    ofCount: ticket.ofCount,
    accessKey: options.includeAccessKey ? ticket.accessKey : '',
  };
}

/** Every event id the tickets grant, each once, in first-seen order. */
export function grantedEventIds(tickets: readonly TicketWithAccess[]): string[] {
  return [...new Set(tickets.flatMap(({ access }) => access.map((row) => row.eventId)))];
}
