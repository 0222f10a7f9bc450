import type { Money } from '@kassa/platform/money';

/**
 * Why a provider's "paid" was not applied: it took another amount than the attempt asks (amount_mismatch), took it
 * in another currency (currency_mismatch), or did not say what it took (amount_unknown). The attempt's amount is the
 * order's (CreatePayment takes it from ordering), so any of these is a tampered or misconfigured checkout, and an
 * order must never become paid for a sum it does not ask.
 */
export const MISMATCH_REASONS = ['amount_mismatch', 'currency_mismatch', 'amount_unknown'] as const;
export type MismatchReason = (typeof MISMATCH_REASONS)[number];

export interface ReceivedMismatch {
  reason: MismatchReason;
  /** What the attempt asks. */
  expected: Money;
  /** What the provider says it took, currency in upper case; null when it did not say (amount_unknown). */
  received: Money | null;
}

/** The provider's currency as Kassa writes it: Stripe reports "eur", Kassa stores ISO 4217 codes in upper case. */
const normalCurrency = (currency: string): string => currency.trim().toUpperCase();

/**
 * Null when `received` is exactly what `expected` asks, in integer minor units and the same currency (compared
 * without regard to case); else why not. Missing or unreadable figures are a mismatch too: a success is only
 * applied when it is known to be for the right sum.
 */
export function receivedMismatch(expected: Money, received: Money | null | undefined): ReceivedMismatch | null {
  if (
    !received ||
    !Number.isSafeInteger(received.amountMinor) ||
    received.amountMinor < 0 ||
    !normalCurrency(received.currency ?? '')
  ) {
    return { reason: 'amount_unknown', expected, received: null };
  }
  const normal = { amountMinor: received.amountMinor, currency: normalCurrency(received.currency) };
  // The currency first: amounts in two currencies cannot be compared at all.
  if (normal.currency !== normalCurrency(expected.currency))
    return { reason: 'currency_mismatch', expected, received: normal };
  if (normal.amountMinor !== expected.amountMinor) return { reason: 'amount_mismatch', expected, received: normal };
  return null;
}

/** The failure reason a flagged attempt shows to the organiser and the guest. */
export function mismatchFailureReason(reason: MismatchReason): string {
  switch (reason) {
    case 'amount_mismatch':
      return 'The amount paid differs from the order total, so the payment was not accepted and is refunded';
    case 'currency_mismatch':
      return "The payment was made in another currency than the order's, so it was not accepted and is refunded";
    case 'amount_unknown':
      return 'The payment provider did not report the amount paid, so the payment was not accepted and is refunded';
  }
}

/**
 * What to pay back for a flagged payment: what the provider says it took; the attempt's amount when it did not say
 * (the provider refuses more than it took). Null when nothing was taken.
 */
export function mismatchRefund(mismatch: ReceivedMismatch): Money | null {
  const refund = mismatch.received ?? mismatch.expected;
  return refund.amountMinor > 0 ? refund : null;
}
