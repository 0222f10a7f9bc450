// What a successful payment means for its order (docs/ARCHITECTURE.md, Payments): the outcome of every
// successful payment is paid-with-tickets or refunded, never paid-without-tickets and never paid twice.
import type { RefundReason } from './refund';

export type SucceededPaymentDecision =
  /** The order is held: it becomes paid, its reserved tickets sold. */
  | { kind: 'pay' }
  /** The hold ran out: take the tickets again if they are still there (paid, "re_reserved"), else refund. */
  | { kind: 're_reserve' }
  /** The money cannot buy anything: pay it back. */
  | { kind: 'refund'; reason: RefundReason }
  /** Already applied (the same payment reported again). */
  | { kind: 'nothing' };

export function decideSucceededPayment(
  order: { status: string; paidPaymentId?: string | null },
  paymentId: string,
): SucceededPaymentDecision {
  if (order.paidPaymentId === paymentId) return { kind: 'nothing' };
  // An order another payment paid (paid, or canceled after being paid) must not be paid for twice.
  if (order.paidPaymentId) return { kind: 'refund', reason: 'duplicate_payment' };
  switch (order.status) {
    case 'created':
    case 'reserved':
    case 'pending':
      return { kind: 'pay' };
    case 'expired':
      return { kind: 're_reserve' };
    case 'canceled':
      return { kind: 'refund', reason: 'order_canceled' };
    default:
      // paid without a paying payment: a free order (total 0) that someone paid anyway.
      return { kind: 'refund', reason: 'duplicate_payment' };
  }
}

/** A late payment that could not take its tickets again: refund it, and say why on the order. */
export const LATE_PAYMENT_OUTCOME = 'late_payment_refunded';
