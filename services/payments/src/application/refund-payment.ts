import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RefundRequested } from '@kassa/proto/ordering/events/v1/events';
import { refundRefusal } from '../domain/refund-limits';
import { publishRefundOutcome } from '../events/payment-refunded.publisher';
import { PaymentAttemptEntity } from '../persistence/payment-attempt.entity';
import { type Refund, RefundEntity } from '../persistence/refund.entity';
import { askProviderForRefund } from './carry-out-refund';
import type { PaymentsContext } from './payments-context';
import { isRefundOpen, newRefund, settleRefund } from './refund-records';

/**
 * Carries out a refund ordering requested (kassa.ordering.refund.requested), once per refund id:
 * 1. in its own committed transaction, checks the limits under the payment's row lock and records the refund as
 *    "requested" (a refused one is recorded failed and answered with refund.failed right there);
 * 2. asks the provider with the refund id as idempotency key, holding no lock;
 * 3. records the answer in the consumer's transaction (`em`, with its inbox row) and publishes it.
 * A crash after 1 or 2 redelivers the message: the recorded refund skips the limits, and the provider answers the
 * repeated request with the refund it made the first time.
 */
export async function refundPayment(ctx: PaymentsContext, request: RefundRequested, em: EntityManager): Promise<void> {
  const refund = await reserve(ctx, request);
  if (!refund || !isRefundOpen(refund)) return;
  const attempt = await em.findOneOrFail(PaymentAttemptEntity, { id: refund.paymentId });
  const result = await askProviderForRefund(ctx, refund, attempt);
  const locked = await em.findOneOrFail(RefundEntity, { id: refund.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  await settleRefund(em, locked, result, ctx.now());
}

async function reserve(ctx: PaymentsContext, request: RefundRequested): Promise<Refund | null> {
  const now = ctx.now();
  return ctx.orm.em.fork().transactional(async (tx) => {
    const existing = await tx.findOne(RefundEntity, { id: request.refundId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (existing) return existing;
    const payment = await tx.findOne(
      PaymentAttemptEntity,
      { id: request.paymentId, orderId: request.orderId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!payment) {
      // Nothing to record a refund against: say so, so that ordering does not wait forever.
      publishRefundOutcome(
        tx,
        { ...refundFields(request), status: 'failed', providerReference: '', failureReason: 'The payment is unknown' },
        now,
      );
      ctx.logger.error(
        { refundId: request.refundId, paymentId: request.paymentId },
        'refund requested for an unknown payment',
      );
      return null;
    }
    // The payment's row lock orders concurrent refunds of one payment, so their sum cannot pass its amount.
    const others = await tx.find(RefundEntity, { paymentId: payment.id });
    const refusal = refundRefusal(payment, { amountMinor: request.amountMinor, currency: request.currency }, others);
    const refund = newRefund(
      tx,
      payment,
      { id: request.refundId, amountMinor: request.amountMinor, currency: request.currency, reason: request.reason },
      now,
    );
    if (refusal)
      await settleRefund(tx, refund, { status: 'failed', providerReference: '', failureReason: refusal }, now);
    return refund;
  });
}

function refundFields(request: RefundRequested) {
  return {
    refundId: request.refundId,
    paymentId: request.paymentId,
    orderId: request.orderId,
    organisationId: request.organisationId,
    amountMinor: request.amountMinor,
    currency: request.currency,
  };
}
