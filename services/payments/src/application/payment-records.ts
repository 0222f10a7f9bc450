// Not a use case: the steps the payment use cases share on an attempt inside their transaction (load and lock it, move
// its status through the status machine with its event and metrics, flag a mismatched amount).
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '@kassa/platform/errors';
import { type PaymentStatus, changeVerb, isFinal, transition } from '../domain/payment-status';
import { type ReceivedMismatch, mismatchFailureReason } from '../domain/received-amount';
import { publishPaymentChanged } from '../events/payment-changed.publisher';
import { type PaymentAttempt, PaymentAttemptEntity } from '../persistence/payment-attempt.entity';

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const ORDER_NOT_FOUND = 'Order not found';

/** One attempt; `lock` takes its row lock so that concurrent events of one attempt are applied one after another. */
export async function loadAttempt(em: EntityManager, paymentId: string, lock = false): Promise<PaymentAttempt> {
  const attempt = await em.findOne(
    PaymentAttemptEntity,
    { id: paymentId },
    lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );
  if (!attempt) throw new NotFoundError(PAYMENT_NOT_FOUND);
  return attempt;
}

/** The attempt an event is about: by our id when the provider echoes it, else by the provider's object. Locked. */
export async function findAttemptFor(
  em: EntityManager,
  event: { provider: string; paymentId?: string; providerReference?: string },
  lockMode: LockMode.PESSIMISTIC_WRITE | LockMode.NONE = LockMode.PESSIMISTIC_WRITE,
): Promise<PaymentAttempt | null> {
  const where = event.paymentId
    ? { id: event.paymentId, provider: event.provider }
    : event.providerReference
      ? { provider: event.provider, providerReference: event.providerReference }
      : null;
  if (!where) return null;
  return em.findOne(PaymentAttemptEntity, where, { lockMode });
}

/**
 * Moves a locked attempt to `target` if the status machine allows it: version + 1 and, for every status but
 * authorized, one PaymentChanged through the outbox in the caller's transaction. Returns whether it moved.
 */
export function changeStatus(
  em: EntityManager,
  attempt: PaymentAttempt,
  target: PaymentStatus,
  now: Date,
  failureReason = '',
): boolean {
  const next = transition(attempt.status as PaymentStatus, target);
  if (!next.changed) return false;
  attempt.status = next.status;
  attempt.failureReason =
    next.status === 'failed' ? failureReason : next.status === 'paid' ? '' : attempt.failureReason;
  // Nowhere to send the guest once the attempt is over.
  if (isFinal(next.status)) attempt.redirectUrl = '';
  touch(attempt, now);
  const verb = changeVerb(next.status);
  if (verb) publishPaymentChanged(em, attempt, verb, now);
  return true;
}

/**
 * Records a locked attempt as flagged: the provider reported a payment for another sum than the attempt's. It ends
 * failed whatever its status was (the money is going back, so the order must not wait for it), with the reason and
 * what was received kept, and payment.failed through the outbox so that ordering keeps the order payable and the
 * guest sees why. Never payment.succeeded.
 */
export function flagAttempt(em: EntityManager, attempt: PaymentAttempt, mismatch: ReceivedMismatch, now: Date): void {
  attempt.flagReason = mismatch.reason;
  attempt.receivedMinor = mismatch.received?.amountMinor ?? null;
  attempt.receivedCurrency = mismatch.received?.currency ?? null;
  attempt.flaggedAt = now;
  attempt.status = 'failed';
  attempt.failureReason = mismatchFailureReason(mismatch.reason);
  attempt.redirectUrl = '';
  touch(attempt, now);
  publishPaymentChanged(em, attempt, 'failed', now);
}

export function touch(attempt: PaymentAttempt, now: Date): void {
  attempt.version += 1;
  attempt.updatedAt = now;
}
