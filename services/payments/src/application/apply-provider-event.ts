import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { crashPoint } from '@kassa/platform/lifecycle';
import { transactionalWithEffects } from '@kassa/platform/persistence';
import { type PaymentStatus, transition } from '../domain/payment-status';
import { type ProviderEvent, targetStatus } from '../domain/provider-event';
import { receivedMismatch } from '../domain/received-amount';
import { countPaymentOutcome, outcomeOfStatus } from '../metrics';
import type { PaymentAttempt } from '../persistence/payment-attempt.entity';
import { RefundEntity } from '../persistence/refund.entity';
import { flagMismatchedPayment } from './flag-mismatched-payment';
import { changeStatus, findAttemptFor } from './payment-records';
import type { PaymentsContext } from './payments-context';
import { settleRefund } from './refund-records';

export interface AppliedEvent {
  /** False when this (provider, event id) had been applied before: a duplicate or a replay. */
  applied: boolean;
  /** The attempt the event is about, after it (absent for unknown attempts and refund events). */
  attempt?: PaymentAttempt;
}

/**
 * THE place where an attempt's state changes after its creation: webhooks, the demo page, reconciliation and
 * order endings all come here. In one transaction: the receipt of the event (its primary key makes a second
 * delivery a no-op), the monotone status change, and the outbox message. Runs in `em`'s transaction when given
 * (a consumer's, with its inbox row), else in its own.
 */
export async function applyProviderEvent(
  ctx: PaymentsContext,
  event: ProviderEvent,
  em?: EntityManager,
): Promise<AppliedEvent> {
  // What changed is counted when the outermost transaction commits: the caller's (the savepoint's own manager is
  // not the one that commits), or this one's.
  if (em) return em.transactional((tx) => applyOnce(ctx, tx, event, em));
  const result = await transactionalWithEffects(ctx.orm.em.fork(), (tx) => applyOnce(ctx, tx, event, tx));
  // Committed, not yet answered: the provider's retry of the webhook is then a replay.
  if (result.applied) crashPoint('payments.after-provider-event-applied');
  return result;
}

async function applyOnce(
  ctx: PaymentsContext,
  em: EntityManager,
  event: ProviderEvent,
  committing: EntityManager,
): Promise<AppliedEvent> {
  const now = ctx.now();
  const receipt = await em.execute<{ affectedRows: number }>(
    `insert into provider_event_receipt (provider, event_id, event_type, outcome, received_at) values (?, ?, ?, 'received', ?)
      on conflict (provider, event_id) do nothing`,
    [event.provider, event.eventId, event.type, now],
    'run',
  );
  if (receipt.affectedRows === 0) {
    const attempt = event.outcome.kind === 'payment' ? ((await findAttemptFor(em, event)) ?? undefined) : undefined;
    return { applied: false, attempt };
  }

  let outcome = 'ignored';
  let attempt: PaymentAttempt | undefined;
  let refundId: string | null = null;
  if (event.outcome.kind === 'payment') {
    attempt =
      (await findAttemptFor(em, event, ctx.unsafeUnlockedAttempt ? LockMode.NONE : LockMode.PESSIMISTIC_WRITE)) ??
      undefined;
    outcome = attempt ? applyToAttempt(ctx, em, attempt, event, now, committing) : 'unknown_payment';
  } else if (event.outcome.kind === 'refund') {
    const refund = await findRefundFor(em, event);
    refundId = refund?.id ?? null;
    if (!refund) outcome = 'unknown_refund';
    else {
      const result = {
        status: event.outcome.status,
        providerReference: event.refundReference ?? '',
        failureReason: event.outcome.failureReason ?? '',
      };
      const settled = await settleRefund(em, refund, result, now, committing);
      outcome = settled ? `refund_${refund.status}` : `refund_unchanged_${refund.status}`;
    }
  }
  await em.execute(
    'update provider_event_receipt set outcome = ?, payment_id = ?, refund_id = ? where provider = ? and event_id = ?',
    [outcome, attempt?.id ?? null, refundId, event.provider, event.eventId],
  );
  if (outcome === 'unknown_payment' || outcome === 'unknown_refund') {
    ctx.logger.warn(
      { provider: event.provider, eventId: event.eventId, type: event.type },
      'provider event for nothing payments knows; recorded and ignored',
    );
  }
  return { applied: true, attempt };
}

function applyToAttempt(
  ctx: PaymentsContext,
  em: EntityManager,
  attempt: PaymentAttempt,
  event: ProviderEvent,
  now: Date,
  committing: EntityManager,
): string {
  // What the provider tells about its objects is kept even when the status does not move: a session whose id a
  // crash kept from being saved, the payment a later refund needs.
  if (!attempt.providerReference && event.providerReference) attempt.providerReference = event.providerReference;
  if (!attempt.providerPaymentId && event.providerPaymentId) attempt.providerPaymentId = event.providerPaymentId;
  const target = targetStatus(event.outcome);
  if (!target) return 'no_change';
  // A flagged attempt's money is on its way back: no later event (the same session's next one, a lookup) moves it,
  // and none refunds it again.
  if (attempt.flagReason) {
    if (target === 'paid')
      ctx.logger.warn(
        { orderId: attempt.orderId, paymentId: attempt.id, eventId: event.eventId },
        'payment reported for an attempt already flagged; recorded and ignored',
      );
    return `flagged_ignored_${target}`;
  }
  // A success is applied only for exactly the sum the attempt (the order) asks; checked only where it would move the
  // attempt to paid, so that a repeat about a paid attempt stays the no-op it always was.
  if (target === 'paid' && transition(attempt.status as PaymentStatus, target).changed) {
    const received = event.outcome.kind === 'payment' ? event.outcome.received : undefined;
    const mismatch = receivedMismatch({ amountMinor: attempt.amountMinor, currency: attempt.currency }, received);
    if (mismatch) {
      flagMismatchedPayment(ctx, em, attempt, event, mismatch, now, committing);
      return `flagged_${mismatch.reason}`;
    }
  }
  const failureReason = event.outcome.kind === 'payment' ? (event.outcome.failureReason ?? '') : '';
  // A late "expired" after "paid", an "authorized" after "failed" and the like are recorded and change nothing.
  if (!changeStatus(em, attempt, target, now, failureReason)) return `stale_${target}`;
  countPaymentOutcome(committing, outcomeOfStatus(target));
  return target;
}

async function findRefundFor(em: EntityManager, event: ProviderEvent) {
  const lock = { lockMode: LockMode.PESSIMISTIC_WRITE } as const;
  if (event.refundId) return em.findOne(RefundEntity, { id: event.refundId }, lock);
  if (event.refundReference) return em.findOne(RefundEntity, { providerReference: event.refundReference }, lock);
  return null;
}
