import { DEFAULT_TIME_ZONE } from '@kassa/contracts/time-zones';
// ticketing's tickets, attendees and figures, and notifications' order messages, as the screens receive them
// (web/src/features/tickets/ticket-model.tsx, web/src/features/orders/order-messages.tsx). Dates as ISO strings
// ('' when unset), money as integer minor units with its currency. Pure: the pages and routes do the calls.
import type { Message, StatusChange } from '@kassa/proto/notifications/v1/notifications';
import type {
  Attendee,
  GetEventTicketStatsResponse,
  Ticket,
  TicketAccess,
  TicketEvent,
} from '@kassa/proto/ticketing/v1/tickets';
import type { OrderMessageView } from '@kassa/web/features/orders/order-messages';
import type {
  AttendeeView,
  GuestTicketView,
  OrderTicketView,
  TicketAccessView,
  TicketEventView,
  TicketPageView,
  TicketStatsView,
} from '@kassa/web/features/tickets/ticket-model';
import { iso } from '../iso-date';

export function toTicketEventView(event: TicketEvent): TicketEventView {
  return {
    id: event.id,
    name: event.name,
    startsAt: iso(event.startsAt),
    endsAt: iso(event.endsAt),
    location: { address: event.address, city: event.city, postalCode: event.postalCode, country: event.country },
    status: event.status,
    timeZone: event.timeZone || DEFAULT_TIME_ZONE,
  };
}

function toAccessView(access: TicketAccess, names: ReadonlyMap<string, string>): TicketAccessView {
  return {
    eventId: access.eventId,
    eventName: names.get(access.eventId) ?? '',
    checkedInAt: iso(access.checkedInAt),
    device: access.checkedInByDevice,
  };
}

const eventNames = (ticket: Ticket): Map<string, string> =>
  new Map(ticket.events.map((event) => [event.id, event.name]));

/**
 * The public page's ticket. `qrSvg` is the QR code of ticket.code, drawn by the caller; it is dropped for a
 * reserved or canceled ticket even if a code came along, so the page can never show a code that does not admit.
 */
export function toTicketPageView(ticket: Ticket | undefined, qrSvg: string): TicketPageView {
  if (!ticket) throw new Error('ticketing answered without a ticket');
  const names = eventNames(ticket);
  const admits = ticket.status === 'created' || ticket.status === 'used';
  return {
    id: ticket.id,
    reference: ticket.reference,
    status: ticket.status,
    orderNumber: ticket.orderNumber,
    itemName: ticket.itemName,
    events: ticket.events.map(toTicketEventView),
    // Where it was checked in is the door staff's business; the guest sees when.
    access: ticket.access.map((access) => ({ ...toAccessView(access, names), device: '' })),
    position: ticket.position,
    ofCount: ticket.ofCount,
    issuedAt: iso(ticket.issuedAt),
    canceledAt: iso(ticket.canceledAt),
    qrSvg: admits && ticket.code ? qrSvg : '',
  };
}

export function toGuestTicketView(ticket: Ticket): GuestTicketView {
  return {
    id: ticket.id,
    accessKey: ticket.accessKey,
    reference: ticket.reference,
    status: ticket.status,
    itemName: ticket.itemName,
    eventNames: ticket.events.map((event) => event.name),
    position: ticket.position,
    ofCount: ticket.ofCount,
  };
}

export function toOrderTicketView(ticket: Ticket): OrderTicketView {
  const names = eventNames(ticket);
  return {
    id: ticket.id,
    accessKey: ticket.accessKey,
    reference: ticket.reference,
    status: ticket.status,
    itemName: ticket.itemName,
    priceMinor: ticket.price?.amountMinor ?? 0,
    currency: ticket.price?.currency || 'EUR',
    position: ticket.position,
    ofCount: ticket.ofCount,
    access: ticket.access.map((access) => toAccessView(access, names)),
    issuedAt: iso(ticket.issuedAt),
    canceledAt: iso(ticket.canceledAt),
  };
}

export function toAttendeeView(attendee: Attendee): AttendeeView {
  return {
    ticketId: attendee.ticketId,
    reference: attendee.reference,
    status: attendee.status,
    orderId: attendee.orderId,
    orderNumber: attendee.orderNumber,
    email: attendee.email,
    itemName: attendee.itemName,
    checkedInAt: iso(attendee.checkedInAt),
    device: attendee.checkedInByDevice,
    issuedAt: iso(attendee.issuedAt),
    subscribed: attendee.subscribed,
  };
}

export function toTicketStatsView(answer: GetEventTicketStatsResponse): TicketStatsView {
  return {
    sold: answer.sold,
    checkedIn: answer.checkedIn,
    canceled: answer.canceled,
    revenueMinor: answer.revenue?.amountMinor ?? 0,
    currency: answer.revenue?.currency || 'EUR',
    options: answer.options.map(({ ticketOptionId, name, sold, checkedIn }) => ({
      ticketOptionId,
      name,
      sold,
      checkedIn,
    })),
    checkInsPerMinute: [...answer.checkInsPerMinute],
    openConflicts: answer.openConflicts,
  };
}

const toStatusChangeView = (change: StatusChange) => ({
  status: change.status,
  occurredAt: iso(change.occurredAt),
  detail: change.detail,
});

export function toOrderMessageView(message: Message): OrderMessageView {
  return {
    id: message.id,
    template: message.template,
    purpose: message.purpose,
    recipient: message.recipient,
    subject: message.subject,
    status: message.status,
    createdAt: iso(message.createdAt),
    attachments: [...message.attachments],
    // Oldest first, as notifications keeps them: the timeline reads top to bottom.
    history: message.history.map(toStatusChangeView),
  };
}
