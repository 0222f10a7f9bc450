import type { ProviderEvent } from '../domain/provider-event';
import { OPEN_STATUSES } from '../domain/payment-status';
import { type PaymentAttempt, PaymentAttemptEntity } from '../persistence/payment-attempt.entity';
import { RefundEntity } from '../persistence/refund.entity';
import { applyProviderEvent } from './apply-provider-event';
import { carryOutRefund } from './carry-out-refund';
import { closeAttempt } from './close-open-attempts';
import { loadAttempt } from './payment-records';
import type { PaymentsContext } from './payments-context';
import { startAtProvider } from './start-attempt';

const BATCH = 100;

export interface ReconcileResult {
  /** Open attempts looked at. */
  attempts: number;
  /** Of those, how many changed status. */
  changed: number;
  /** Unfinished refunds looked at. */
  refunds: number;
  failed: number;
}

/**
 * Reconciliation with the provider, run by a periodic sweep: webhooks get lost and processes crash, so every
 * attempt still open RECONCILE_AFTER_MINUTES after its last change, or past its order's hold, is looked up at
 * its provider and whatever the provider says is applied through the same path as a webhook. One left 'created'
 * by a crash is first taken to the provider again (same idempotency key, same object); one still open after the
 * hold is closed (a demo attempt simply expires). Refunds left unanswered are asked again the same way.
 */
export async function reconcileAttempts(ctx: PaymentsContext): Promise<ReconcileResult> {
  const now = ctx.now();
  const staleBefore = new Date(now.getTime() - ctx.reconcileAfterMs);
  const em = ctx.orm.em.fork();
  const attempts = await em.find(
    PaymentAttemptEntity,
    {
      status: { $in: [...OPEN_STATUSES] },
      $or: [{ updatedAt: { $lt: staleBefore } }, { holdExpiresAt: { $lte: now } }],
    },
    { orderBy: { updatedAt: 'asc' }, limit: BATCH },
  );
  const result: ReconcileResult = { attempts: attempts.length, changed: 0, refunds: 0, failed: 0 };
  for (const attempt of attempts) {
    try {
      if (await reconcileAttempt(ctx, attempt)) result.changed += 1;
    } catch (error) {
      result.failed += 1;
      ctx.logger.warn(
        { err: error, paymentId: attempt.id },
        'reconciling an attempt failed; the next sweep tries again',
      );
    }
  }
  const refunds = await em.find(
    RefundEntity,
    { status: { $in: ['requested', 'pending'] }, updatedAt: { $lt: staleBefore } },
    { orderBy: { updatedAt: 'asc' }, limit: BATCH },
  );
  for (const refund of refunds) {
    result.refunds += 1;
    try {
      await carryOutRefund(ctx, refund.id);
    } catch (error) {
      result.failed += 1;
      ctx.logger.warn({ err: error, refundId: refund.id }, 'reconciling a refund failed; the next sweep tries again');
    }
  }
  return result;
}

async function reconcileAttempt(ctx: PaymentsContext, found: PaymentAttempt): Promise<boolean> {
  const now = ctx.now();
  const holdOver =
    found.holdExpiresAt !== null && found.holdExpiresAt !== undefined && found.holdExpiresAt.getTime() <= now.getTime();
  let attempt = found;
  if (attempt.status === 'created') {
    // Past the hold nobody can use it: close it without making anything at the provider.
    if (holdOver) return closed(ctx, attempt);
    attempt = await startAtProvider(ctx, attempt);
    if (attempt.status !== 'pending' || !attempt.providerReference) return true;
  }
  const provider = ctx.providers.get(attempt.provider);
  const state = await provider.lookUp({ paymentId: attempt.id, providerReference: attempt.providerReference! });
  if (state.status === 'open') return holdOver ? closed(ctx, attempt) : found.status !== attempt.status;
  const event: ProviderEvent = {
    provider: attempt.provider,
    eventId: `reconcile_${attempt.id}_${state.status}`,
    type: 'reconcile.lookup',
    paymentId: attempt.id,
    providerReference: attempt.providerReference ?? undefined,
    providerPaymentId: state.providerPaymentId,
    outcome: { kind: 'payment', status: state.status, failureReason: state.failureReason, received: state.received },
  };
  await applyProviderEvent(ctx, event);
  return (await loadAttempt(ctx.orm.em.fork(), attempt.id)).status !== found.status;
}

async function closed(ctx: PaymentsContext, attempt: PaymentAttempt): Promise<boolean> {
  await closeAttempt(ctx, attempt, 'expired', 'reconcile');
  return (await loadAttempt(ctx.orm.em.fork(), attempt.id)).status !== attempt.status;
}
