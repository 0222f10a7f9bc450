// Refunds (docs/ARCHITECTURE.md: Payments, Checkout and orders): what an organiser may refund, and how a successful
// payment the order cannot keep is handled. Pure decisions; the use cases carry them out.
import { FailedPreconditionError, messages, ValidationError } from '@kassa/platform/errors';

import type { RefundReason } from '@kassa/contracts/statuses';

export type { RefundReason };
export const REFUND_STATUSES = ['requested', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What is left to refund of a paid order (requested refunds count as refunded). */
export function refundable(order: { status: string; totalMinor: number; refundedMinor: number }): number {
  return order.status === 'paid' ? Math.max(0, order.totalMinor - order.refundedMinor) : 0;
}

export interface RefundPlan {
  amountMinor: number;
  cancelsOrder: boolean;
  /**
   * Nothing is left to pay back (a free order, or everything refunded in part already): the order is canceled at
   * once, and the refund is recorded as succeeded without asking payments.
   */
  immediate: boolean;
}

/**
 * An organiser's refund: full (the rest; cancels the order) or partial (1 ≤ amount ≤ what is left). A refund
 * that cancels the order is refused while an earlier one is still on its way.
 */
export function planOrganiserRefund(
  order: { status: string; totalMinor: number; refundedMinor: number; cancelPending: boolean },
  request: { full: boolean; amountMinor: number },
): RefundPlan {
  if (order.status !== 'paid') throw new FailedPreconditionError('Only a paid order can be refunded');
  if (order.cancelPending) throw new FailedPreconditionError('A full refund of this order is already on its way');
  const left = refundable(order);
  if (request.full) return { amountMinor: left, cancelsOrder: true, immediate: left === 0 };
  const amount = Number(request.amountMinor);
  if (!Number.isSafeInteger(amount) || amount < 1)
    throw new ValidationError([{ field: 'amountMinor', message: messages.minValue(1) }]);
  if (amount > left) throw new ValidationError([{ field: 'amountMinor', message: `Maximum value is ${left}` }]);
  return { amountMinor: amount, cancelsOrder: false, immediate: false };
}

/**
 * How much of a refund counts in the order's refunded total: an organiser's all of it; a late or canceled-order
 * payment's as far as the order's total allows (a second such payment was never the order's money); a duplicate
 * payment's nothing.
 */
export function countedRefund(
  reason: RefundReason,
  amountMinor: number,
  order: { totalMinor: number; refundedMinor: number },
): number {
  if (reason === 'duplicate_payment') return 0;
  if (reason === 'organiser') return amountMinor;
  return Math.max(0, Math.min(amountMinor, order.totalMinor - order.refundedMinor));
}
