// A ticket's life (docs/ARCHITECTURE.md, Ticketing): reserved (its order is not paid yet; no code) → created (valid: paid, code issued)
// → used (checked in at every event it grants); reserved, created or used → canceled (the order expired, was
// canceled or refunded in full: the code goes on the revocation list). Tickets follow their order: each order
// change decides one effect for all the order's tickets, and each ticket moves only forward from where it is.

import { type TicketStatus } from '@kassa/contracts/statuses';

export {
  TICKET_STATUSES,
  type TicketStatus,
  ATTENDEE_STATUSES,
  type AttendeeStatus,
  isTicketStatus,
  isAttendeeStatus,
} from '@kassa/contracts/statuses';

/** Whether a ticket of this status admits (valid or already used): what codes are shown and counted as sold for. */
export function isIssuedAndValid(status: string): boolean {
  return status === 'created' || status === 'used';
}

/**
 * What an order in this status means for its tickets: hold them (reserved, no code), issue them (paid), void them
 * (expired or canceled, refunded in full included), or nothing (a status ticketing does not know).
 */
export type OrderTicketEffect = 'hold' | 'issue' | 'void' | 'none';

export function effectOfOrderStatus(orderStatus: string): OrderTicketEffect {
  switch (orderStatus) {
    case 'created':
    case 'reserved':
    case 'pending':
      return 'hold';
    case 'paid':
      // Also a "refunded" change while the order stays paid: a partial refund leaves the tickets valid.
      return 'issue';
    case 'expired':
    case 'canceled':
      return 'void';
    default:
      return 'none';
  }
}

/** Where a ticket is, as far as the next status depends on it. */
export interface TicketState {
  status: TicketStatus;
  /** Whether it was ever issued (a code was made); a voided ticket that never was can still become valid. */
  issued: boolean;
}

/**
 * The status a ticket moves to under an effect, or null when it stays. Only forward: a held order never takes a
 * code back; a used ticket stays used when its order is paid again. The one way out of "canceled" is an order that
 * expired unpaid and was then paid late with its places still free (ordering re-reserves it): its tickets were
 * never issued, so nobody holds a code of theirs, and they become valid.
 */
export function nextTicketStatus(ticket: TicketState, effect: OrderTicketEffect): TicketStatus | null {
  switch (effect) {
    case 'hold':
    case 'none':
      return null;
    case 'issue':
      if (ticket.status === 'reserved') return 'created';
      if (ticket.status === 'canceled' && !ticket.issued) return 'created';
      return null;
    case 'void':
      return ticket.status === 'canceled' ? null : 'canceled';
  }
}

/** The reason TicketsVoided gives: "expired", "refunded" (in full, or a late payment paid back) or "canceled". */
export const VOID_REASONS = ['canceled', 'expired', 'refunded'] as const;
export type VoidReason = (typeof VOID_REASONS)[number];

export function voidReason(
  order: { status: string; outcome: string },
  change: string,
  refundCancelsOrder: boolean,
): VoidReason {
  if (order.status === 'expired' || order.outcome === 'expired') return 'expired';
  if (
    order.outcome === 'refunded' ||
    order.outcome === 'late_payment_refunded' ||
    change === 'refunded' ||
    refundCancelsOrder
  )
    return 'refunded';
  return 'canceled';
}
