// Tickets, attendees and ticket figures as the screens receive them from the BFF (bff/server/tickets/ticket-views.ts maps
// ticketing's answers to these). Dates travel as ISO strings ('' when unset), money as integer minor units.
// No client code here: server components and route handlers import the constants too. (.tsx only because the
// package exports feature modules under that extension.)
import type { EventLocation } from '../../lib/event-model';

export { TICKET_STATUSES, type TicketStatus, ATTENDEE_STATUSES } from '@kassa/contracts/statuses';

/** One event a ticket admits to, as its public page shows it. */
export interface TicketEventView {
  id: string;
  /** In the visitor's language where the organiser translated it. */
  name: string;
  startsAt: string;
  endsAt: string;
  location: EventLocation;
  /** draft, live, ended or deleted. */
  status: string;
  /** IANA zone its dates are shown in. */
  timeZone: string;
}

/** Whether a ticket has been checked in at one of its events. */
export interface TicketAccessView {
  eventId: string;
  /** The event's name ('' when ticketing does not know it). */
  eventName: string;
  /** '' while not checked in. */
  checkedInAt: string;
  /** The scanner device's name; '' while not checked in (never shown to guests). */
  device: string;
}

/** /ticket/{ticketId}: everything but the buyer's e-mail, with the QR code drawn on the server. */
export interface TicketPageView {
  id: string;
  /** "K7QF-2MXA". */
  reference: string;
  status: string;
  orderNumber: string;
  itemName: string;
  events: TicketEventView[];
  access: TicketAccessView[];
  /** "2 of 3". */
  position: number;
  ofCount: number;
  issuedAt: string;
  canceledAt: string;
  /** The signed code as an SVG QR code; '' for reserved and canceled tickets (they have no code). */
  qrSvg: string;
}

/** A ticket in the list on the guest's order page. */
export interface GuestTicketView {
  id: string;
  /** The ticket page's key (its link is /ticket/{id}?key=…). */
  accessKey: string;
  reference: string;
  status: string;
  itemName: string;
  eventNames: string[];
  position: number;
  ofCount: number;
}

/** A ticket on the organiser's order page. */
export interface OrderTicketView {
  id: string;
  /** The ticket page's key, so the organiser can open the page the guest sees. */
  accessKey: string;
  reference: string;
  status: string;
  itemName: string;
  priceMinor: number;
  currency: string;
  position: number;
  ofCount: number;
  access: TicketAccessView[];
  issuedAt: string;
  canceledAt: string;
}

/** One row of an event's Attendees tab (one ticket admitting to the event). */
export interface AttendeeView {
  ticketId: string;
  reference: string;
  /** created, used (checked in at this event) or canceled. */
  status: string;
  orderId: string;
  orderNumber: string;
  email: string;
  itemName: string;
  checkedInAt: string;
  device: string;
  issuedAt: string;
  /** Opted in to the organiser's mailings at checkout. */
  subscribed: boolean;
}

/** One page of attendees, with the filters that made it. */
export interface AttendeeListView {
  attendees: AttendeeView[];
  /** 1-based. */
  page: number;
  hasNextPage: boolean;
  query: string;
  /** '' for every status. */
  status: string;
}

/** One ticket option's figures at one event. */
export interface TicketOptionStatsView {
  ticketOptionId: string;
  name: string;
  sold: number;
  checkedIn: number;
}

/** An event's sales and check-ins, for its Overview. */
export interface TicketStatsView {
  /** Valid or used tickets. */
  sold: number;
  checkedIn: number;
  canceled: number;
  /** After discounts, without fees and donations. */
  revenueMinor: number;
  currency: string;
  options: TicketOptionStatsView[];
  /** Check-ins per minute over the last hour, oldest first. */
  checkInsPerMinute: number[];
  /** Tickets admitted twice while scanners were offline, not yet resolved. */
  openConflicts: number;
}

/** Checked in as a share of sold, 0–100, rounded down so that 100 means everyone is in. */
export function checkedInPercent(checkedIn: number, sold: number): number {
  if (sold <= 0) return 0;
  return Math.min(100, Math.floor((checkedIn / sold) * 100));
}

/** Whose tickets a list shows: an event's attendees, or what a shop sold. */
export type AttendeeScope = { eventId: string } | { shopId: string };

/** The list of `scope` with these filters: the event's Attendees tab, or the shop's Tickets page. */
export function attendeeListHref(
  orgId: string,
  scope: AttendeeScope,
  filters: { q?: string; status?: string; page?: number },
): string {
  if ('eventId' in scope) return attendeesHref(orgId, scope.eventId, filters);
  const search = listSearch(filters);
  const query = search.toString();
  return `/s/${scope.shopId}/tickets${query ? `?${query}` : ''}`;
}

function listSearch(filters: { q?: string; status?: string; page?: number }, search = new URLSearchParams()) {
  if (filters.q) search.set('q', filters.q);
  if (filters.status) search.set('status', filters.status);
  if (filters.page && filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** The organiser's event page with the Attendees tab and these filters; page 1 and empty filters are left out. */
export function attendeesHref(
  orgId: string,
  eventId: string,
  filters: { q?: string; status?: string; page?: number },
): string {
  const search = listSearch(filters, new URLSearchParams({ tab: 'attendees' }));
  return `/o/${orgId}/events/${eventId}?${search.toString()}`;
}

/** The CSV export of the same filters (the whole list, every page). */
export function attendeesCsvHref(
  orgId: string,
  eventId: string,
  filters: { q?: string; status?: string; locale?: string },
): string {
  const search = new URLSearchParams();
  if (filters.q) search.set('q', filters.q);
  if (filters.status) search.set('status', filters.status);
  if (filters.locale) search.set('locale', filters.locale);
  const query = search.toString();
  return `/api/organisations/${encodeURIComponent(orgId)}/events/${encodeURIComponent(eventId)}/attendees.csv${query ? `?${query}` : ''}`;
}

/** The organiser's scanner for one event (H5's page). */
export const eventScanHref = (orgId: string, eventId: string): string => `/o/${orgId}/events/${eventId}/scan`;
