/** A refund as far as the limits care: failed ones give their amount back. */
export interface RefundAmount {
  amountMinor: number;
  status: string;
}

/** What is left to refund of a paid attempt: its amount less every refund that did not fail (requested ones count). */
export function refundableMinor(amountMinor: number, refunds: readonly RefundAmount[]): number {
  const committed = refunds
    .filter((refund) => refund.status !== 'failed')
    .reduce((sum, refund) => sum + refund.amountMinor, 0);
  return Math.max(0, amountMinor - committed);
}

/**
 * Why a refund cannot be carried out, or null when it can. ordering checks the same limits when it records a
 * refund; payments checks again because it alone knows each attempt's own money.
 */
export function refundRefusal(
  payment: { status: string; amountMinor: number; currency: string },
  refund: { amountMinor: number; currency: string },
  otherRefunds: readonly RefundAmount[],
): string | null {
  if (payment.status !== 'paid') return 'The payment was not taken, so there is nothing to refund';
  if (!Number.isInteger(refund.amountMinor) || refund.amountMinor <= 0) return 'The refund amount must be positive';
  if (refund.currency !== payment.currency) return 'The refund currency differs from the payment currency';
  if (refund.amountMinor > refundableMinor(payment.amountMinor, otherRefunds))
    return 'The refund exceeds what is left of the payment';
  return null;
}
