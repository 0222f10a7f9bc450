import type { Locale } from '@kassa/contracts/locales';
import { accessKeyQuery } from '@kassa/platform/ids';
import { DEFAULT_TIME_ZONE, zoneName } from '@kassa/contracts/time-zones';

/**
 * The order confirmation: the e-mail with the guest's tickets, sent once per order when ticketing issues them, and
 * again when an organiser asks (Resend). What it needs is kept per order (sealed: it holds the guest's address and the
 * tickets' signed codes, which admit their holder), so it can be rendered again without asking ticketing.
 */

/** An event a ticket grants, named in the order's language. Times are ISO strings. */
export interface ConfirmationEvent {
  id: string;
  name: string;
  startsAt?: string;
  endsAt?: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  /** IANA zone its dates are shown in; unset in payloads recorded before events had zones (then Amsterdam's). */
  timeZone?: string;
}

export interface ConfirmationTicket {
  /** "tkt_…" and its page's key: its public page. */
  id: string;
  accessKey: string;
  /** "K7QF-2MXA". */
  reference: string;
  /** The signed code the QR holds ("KT1.…"). */
  code: string;
  itemName: string;
  /** Paid for this admission, in minor units. */
  priceMinor: number;
  /** The events it grants, in the order they are listed. */
  eventIds: string[];
  /** "2 of 3". */
  position: number;
  ofCount: number;
}

export interface ConfirmationLine {
  name: string;
  quantity: number;
  unitPriceMinor: number;
  /** After the line's discount. */
  totalMinor: number;
}

/** What the confirmation template renders; the message's sealed payload. */
export interface OrderConfirmationPayload {
  orderId: string;
  /** The guest's key to the order, for the order page link. */
  orderAccessKey: string;
  orderNumber: string;
  organisationId: string;
  currency: string;
  lines: ConfirmationLine[];
  subtotalMinor: number;
  discountMinor: number;
  /** The code applied, as the organiser wrote it; '' for none. */
  discountCode: string;
  donationMinor: number;
  feeMinor: number;
  totalMinor: number;
  tickets: ConfirmationTicket[];
  events: ConfirmationEvent[];
  issuedAt: string;
}

/** What is kept per order (sealed) for a Resend: the payload and where and in which language it goes. */
export interface OrderConfirmationSnapshot {
  email: string;
  locale: Locale;
  payload: OrderConfirmationPayload;
}

/** One confirmation per order, whatever route or how many copies of TicketsIssued arrive. */
export function confirmationDedupeKey(orderId: string): string {
  return `order-confirmation-${orderId}`;
}

/** One resend per (order, idempotency key): a retried click answers the message the first one made. */
export function resendDedupeKey(orderId: string, idempotencyKey: string): string {
  return `order-resend-${orderId}-${idempotencyKey}`;
}

/** Characters a file name in a mail client and on a disk may hold; anything else becomes '-'. */
function fileSafe(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}

export function ticketsPdfName(orderNumber: string): string {
  return `tickets-${fileSafe(orderNumber)}.pdf`;
}

export function qrImageName(ticket: Pick<ConfirmationTicket, 'reference'>): string {
  return `qr-${fileSafe(ticket.reference)}.png`;
}

/** The Content-ID an inline QR image is referred to by from the HTML ("cid:…"). */
export function qrContentId(ticket: Pick<ConfirmationTicket, 'reference'>): string {
  return `qr-${fileSafe(ticket.reference)}@kassa`;
}

export function walletPassName(ticket: Pick<ConfirmationTicket, 'reference'>): string {
  return `ticket-${fileSafe(ticket.reference)}.pkpass`;
}

/** The file names a confirmation goes out with: one QR image per ticket, the PDF, and a Wallet pass per ticket when on. */
export function confirmationAttachmentNames(
  payload: Pick<OrderConfirmationPayload, 'orderNumber' | 'tickets'>,
  walletPasses: boolean,
): string[] {
  return [
    ...payload.tickets.map(qrImageName),
    ticketsPdfName(payload.orderNumber),
    ...(walletPasses ? payload.tickets.map(walletPassName) : []),
  ];
}

const localePrefix = (locale: Locale): string => (locale === 'nl' ? 'nl/' : '');

/** A ticket's public page (/ticket/{ticketId}?key={accessKey}, Dutch under /nl). */
export function ticketPageLink(
  siteUrl: string,
  locale: Locale,
  ticket: Pick<ConfirmationTicket, 'id' | 'accessKey'>,
): string {
  return `${siteUrl.replace(/\/+$/, '')}/${localePrefix(locale)}ticket/${encodeURIComponent(ticket.id)}?${accessKeyQuery(ticket.accessKey)}`;
}

/** The events of a ticket, in its own order; ids the snapshot does not describe are left out. */
export function eventsOfTicket(
  payload: Pick<OrderConfirmationPayload, 'events'>,
  ticket: Pick<ConfirmationTicket, 'eventIds'>,
): ConfirmationEvent[] {
  return ticket.eventIds.flatMap((id) => payload.events.filter((event) => event.id === id));
}

/**
 * When, as people read it: in the event's own time zone, named ("CEST"), the end's date left out when it is the same
 * day.
 */
export function formatEventTime(
  event: Pick<ConfirmationEvent, 'startsAt' | 'endsAt' | 'timeZone'>,
  locale: Locale,
): string {
  if (!event.startsAt) return '';
  const intlLocale = locale === 'nl' ? 'nl-NL' : 'en-GB';
  const zone = event.timeZone || DEFAULT_TIME_ZONE;
  const named = (text: string, at: Date) => `${text} ${zoneName(at, zone, intlLocale)}`;
  const start = new Date(event.startsAt);
  const day = new Intl.DateTimeFormat(intlLocale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zone,
  }).format(start);
  const time = (at: Date) =>
    new Intl.DateTimeFormat(intlLocale, { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(at);
  if (!event.endsAt) return named(`${day}, ${time(start)}`, start);
  const end = new Date(event.endsAt);
  const dayKey = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);
  if (dayKey(start) === dayKey(end)) return named(`${day}, ${time(start)}–${time(end)}`, end);
  const endDay = new Intl.DateTimeFormat(intlLocale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zone,
  }).format(end);
  return named(`${day}, ${time(start)} – ${endDay}, ${time(end)}`, end);
}

/** The address on one line: "Park Lane 1, 1234 AB Amsterdam, NL"; '' when the event has none. */
export function formatLocation(event: Pick<ConfirmationEvent, 'address' | 'city' | 'postalCode' | 'country'>): string {
  const town = [event.postalCode, event.city]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return [event.address.trim(), town, event.country.trim()].filter(Boolean).join(', ');
}

/** The event named in the subject line: the first event of the first ticket (an order is almost always for one). */
export function headlineEvent(payload: Pick<OrderConfirmationPayload, 'events' | 'tickets'>): {
  name: string;
  others: number;
} {
  const first = payload.tickets[0] ? eventsOfTicket(payload, payload.tickets[0])[0] : undefined;
  const name = first?.name ?? payload.events[0]?.name ?? '';
  return { name, others: Math.max(0, payload.events.length - 1) };
}

/**
 * Whether the tickets of an order count as voided, given when they were issued and when (if ever) a void arrived.
 * Events of one order arrive on two subjects and may come in either order; a void issued before a later re-issue
 * (an expired order paid late) does not cancel the new tickets.
 */
export function isVoided(issuedAt: Date | null, voidedAt: Date | null): boolean {
  if (!voidedAt) return false;
  return !issuedAt || voidedAt.getTime() >= issuedAt.getTime();
}
