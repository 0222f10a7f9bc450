// payments' business instruments (the "Business" table of the metrics contract). Counted once the transaction
// that made the change has committed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { counter, labelSets } from '@kassa/platform/metrics';
import { afterCommit } from '@kassa/platform/persistence';
import type { PaymentStatus } from './domain/payment-status';

// flagged: a provider's success for another amount or currency than the order's, refunded instead of applied.
const PAYMENT_OUTCOMES = ['succeeded', 'failed', 'flagged', 'refunded'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

export const paymentOutcomes = counter(
  'kassa.payments',
  'Payment attempts that succeeded, failed or were flagged (paid for the wrong sum), and refunds carried out',
);

/**
 * What an attempt's new status counts as: paid is a success, failed a failure. Pending and authorized are on the
 * way; canceled and expired attempts were abandoned (the order ended unpaid), which says nothing about payments.
 */
export function outcomeOfStatus(status: PaymentStatus): PaymentOutcome | null {
  if (status === 'paid') return 'succeeded';
  if (status === 'failed') return 'failed';
  return null;
}

/** Counts `outcome` once the transaction of `em` commits. */
export function countPaymentOutcome(em: EntityManager, outcome: PaymentOutcome | null): void {
  if (outcome) afterCommit(em, () => paymentOutcomes.add(1, { outcome }));
}

/** At start-up: every series this service counts, at 0 (see Counter.initialise). */
export function initialisePaymentsMetrics(): void {
  paymentOutcomes.initialise(labelSets({ outcome: PAYMENT_OUTCOMES }));
}
