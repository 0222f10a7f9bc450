import { LockMode } from '@mikro-orm/core';
import { transactionalWithEffects } from '@kassa/platform/persistence';
import type { PaymentAttempt } from '../persistence/payment-attempt.entity';
import { type Refund, RefundEntity } from '../persistence/refund.entity';
import type { RefundResult } from '../providers/payment-provider';
import { loadAttempt } from './payment-records';
import type { PaymentsContext } from './payments-context';
import { isRefundOpen, settleRefund } from './refund-records';

/**
 * Asks the attempt's provider for a recorded refund, holding no lock: a refund still "requested" is made with the
 * refund id as idempotency key (so asking again after a crash or a timeout makes no second one), a "pending" one is
 * looked up. Throws only when the outcome is unknown; the reconciliation sweep then asks again.
 */
export async function askProviderForRefund(
  ctx: PaymentsContext,
  refund: Refund,
  attempt: PaymentAttempt,
): Promise<RefundResult> {
  const provider = ctx.providers.get(attempt.provider);
  if (refund.status === 'pending' && refund.providerReference)
    return provider.lookUpRefund({ refundId: refund.id, providerReference: refund.providerReference });
  return provider.refund({
    refundId: refund.id,
    paymentId: attempt.id,
    providerReference: attempt.providerReference ?? '',
    providerPaymentId: attempt.providerPaymentId ?? null,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
  });
}

/**
 * Carries out a recorded refund that is still open, on its own: asks the provider, then records the answer under
 * the refund's row lock (settleRefund: once, with payment.refunded or refund.failed). Used by the reconciliation
 * sweep for refunds left unanswered, and right after a flagged payment's refund is recorded.
 */
export async function carryOutRefund(ctx: PaymentsContext, refundId: string): Promise<void> {
  const em = ctx.orm.em.fork();
  const refund = await em.findOneOrFail(RefundEntity, { id: refundId });
  if (!isRefundOpen(refund)) return;
  const attempt = await loadAttempt(em, refund.paymentId);
  const result = await askProviderForRefund(ctx, refund, attempt);
  await transactionalWithEffects(em, async (tx) => {
    const locked = await tx.findOneOrFail(RefundEntity, { id: refundId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    await settleRefund(tx, locked, result, ctx.now());
  });
}
