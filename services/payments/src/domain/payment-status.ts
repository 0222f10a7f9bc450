/**
 * The payment attempt's status machine (docs/ARCHITECTURE.md, Payments): created → pending → authorized → paid; any open status →
 * failed, canceled or expired. Providers deliver events late, twice and out of order, so every transition is
 * monotone: an event can only move an attempt forward, and an event that would move it back changes nothing.
 *
 * "paid" beats everything: when the provider says money was taken, that is recorded even after the attempt
 * was expired, canceled or failed here (a late payment), so that ordering can re-reserve or refund it. Money
 * that moved is never silently dropped. Once paid, nothing changes the status any more (refunds are counted
 * separately, in refunded_minor). A "paid" for another sum than the attempt's is not applied at all: the attempt is
 * flagged and failed, its money refunded, and nothing moves it afterwards (domain/received-amount.ts).
 */
import { type PaymentStatus } from '@kassa/contracts/statuses';

export { PAYMENT_STATUSES, type PaymentStatus, isPaymentStatus } from '@kassa/contracts/statuses';

/** Statuses an attempt can still leave through the guest or the provider. */
export const OPEN_STATUSES: readonly PaymentStatus[] = ['created', 'pending', 'authorized'];
/** Statuses that end an attempt (only a late "paid" still moves failed, canceled and expired). */
export const FINAL_STATUSES: readonly PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];

export const isOpen = (status: PaymentStatus): boolean => OPEN_STATUSES.includes(status);
export const isFinal = (status: PaymentStatus): boolean => FINAL_STATUSES.includes(status);

/** How far an open attempt has come; final statuses are handled apart. */
const OPEN_RANK: Partial<Record<PaymentStatus, number>> = { created: 0, pending: 1, authorized: 2 };

export interface Transition {
  status: PaymentStatus;
  changed: boolean;
}

/** Where an attempt in `current` goes when something reports `target`; `changed` false means "ignore it". */
export function transition(current: PaymentStatus, target: PaymentStatus): Transition {
  const stay = { status: current, changed: false };
  if (current === target || current === 'paid' || target === 'created') return stay;
  if (target === 'paid') return { status: 'paid', changed: true };
  if (isFinal(current)) return stay;
  if (target === 'pending' || target === 'authorized') {
    return OPEN_RANK[target]! > OPEN_RANK[current]! ? { status: target, changed: true } : stay;
  }
  // failed, canceled or expired of an open attempt. An authorized attempt (the guest finished at the provider and
  // the money is on its way) can only be ended by the provider's verdict: it cannot be canceled or expired any more.
  if (current === 'authorized' && target !== 'failed') return stay;
  return { status: target, changed: true };
}

/** The verb of "kassa.payments.payment.<verb>" a change to `status` is announced with; none for created and authorized. */
export function changeVerb(status: PaymentStatus): PaymentChange | null {
  switch (status) {
    case 'pending':
      return 'pending';
    case 'paid':
      return 'succeeded';
    case 'failed':
      return 'failed';
    case 'canceled':
      return 'canceled';
    case 'expired':
      return 'expired';
    default:
      return null;
  }
}

export type PaymentChange = 'pending' | 'succeeded' | 'failed' | 'canceled' | 'expired';
