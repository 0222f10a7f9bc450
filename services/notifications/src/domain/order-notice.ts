/**
 * What the guest is told when an unpaid (or free) order changes without money moving; each kind is its own copy:
 * - payment-failed: a payment attempt failed or was aborted while the order was still held: pay again from the order
 *   page before the hold ends;
 * - hold-expired: the hold ran out unpaid, the tickets went back on sale; retrying from the order page reserves them
 *   again while they are still there;
 * - order-canceled: the organiser canceled an unpaid or free order (a paid one is canceled by a refund, and the
 *   refund's own e-mail says so).
 */
export type OrderNoticeKind = 'payment-failed' | 'hold-expired' | 'order-canceled';

/** The order change as far as the notice depends on it (OrderChanged). */
export interface NoticedChange {
  /** The verb of the subject: "payment_failed", "expired", "canceled", …. */
  change: string;
  /** The order's status after the change. */
  status: string;
  /** For "canceled": the refund that canceled it, if any, and how much it paid back. */
  refundAmountMinor: number | null;
}

/** The notice for an order change; null when the change calls for no e-mail of this kind. */
export function orderNoticeKind({ change, status, refundAmountMinor }: NoticedChange): OrderNoticeKind | null {
  switch (change) {
    case 'payment_failed':
      // A failure reported after the order was paid, expired or canceled tells the guest nothing useful.
      return status === 'reserved' || status === 'pending' ? 'payment-failed' : null;
    case 'expired':
      return status === 'expired' ? 'hold-expired' : null;
    case 'canceled':
      // Money paid back: the refund e-mail (order-refunded) already tells the guest the order is canceled.
      return status === 'canceled' && (refundAmountMinor ?? 0) === 0 ? 'order-canceled' : null;
    default:
      return null;
  }
}

/**
 * One notice per order change (its version), whatever route (or how many copies of) the event took; a failed payment
 * only once per order: the guest who fails again is at the order page retrying, and one e-mail has told them how.
 */
export function orderNoticeDedupeKey(orderId: string, kind: OrderNoticeKind, version: number): string {
  return kind === 'payment-failed' ? `order-notice-${orderId}-payment-failed` : `order-notice-${orderId}-v${version}`;
}
