// Not a use case: a refund row's life (made, open, settled with its event and metrics), shared by the refund use cases.
import type { EntityManager } from '@mikro-orm/postgresql';
import { publishRefundOutcome } from '../events/payment-refunded.publisher';
import { countPaymentOutcome } from '../metrics';
import { type Refund, RefundEntity } from '../persistence/refund.entity';
import type { RefundResult } from '../providers/payment-provider';

/** A new refund of `payment`, 'requested', for the provider to carry out: the one place a refund row is made. */
export function newRefund(
  em: EntityManager,
  payment: { id: string; orderId: string; organisationId: string },
  refund: { id: string; amountMinor: number; currency: string; reason: string },
  now: Date,
): Refund {
  return em.create(RefundEntity, {
    id: refund.id,
    paymentId: payment.id,
    orderId: payment.orderId,
    organisationId: payment.organisationId,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    reason: refund.reason,
    status: 'requested',
    providerReference: null,
    failureReason: '',
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  });
}

export const isRefundOpen = (refund: Pick<Refund, 'status'>): boolean =>
  refund.status === 'requested' || refund.status === 'pending';

/**
 * Records what the provider answered about a locked refund, once: a final answer adds the amount to the payment
 * (succeeded) and publishes payment.refunded or refund.failed; "pending" waits for the provider's webhook or the
 * reconciliation. A refund that is final already changes nothing, so repeated answers are harmless. A refund carried
 * out is counted once `committing` (the transaction that commits this one, `em`'s unless in a savepoint) commits.
 */
export async function settleRefund(
  em: EntityManager,
  refund: Refund,
  result: RefundResult,
  now: Date,
  committing: EntityManager = em,
): Promise<boolean> {
  if (!isRefundOpen(refund)) return false;
  refund.providerReference = result.providerReference || refund.providerReference;
  refund.updatedAt = now;
  if (result.status === 'pending') {
    refund.status = 'pending';
    return false;
  }
  refund.status = result.status;
  refund.failureReason = result.failureReason;
  refund.completedAt = now;
  if (result.status === 'succeeded') {
    countPaymentOutcome(committing, 'refunded');
    // One statement, so two refunds of one payment settling at once both count (no read-modify-write). Only money in
    // the attempt's currency counts towards it: a flagged payment made in another currency is refunded in that one.
    await em.execute(
      'update payment_attempt set refunded_minor = least(amount_minor, refunded_minor + ?), version = version + 1, updated_at = ? where id = ? and currency = ?',
      [refund.amountMinor, now, refund.paymentId, refund.currency],
    );
  }
  publishRefundOutcome(
    em,
    {
      refundId: refund.id,
      paymentId: refund.paymentId,
      orderId: refund.orderId,
      organisationId: refund.organisationId,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      status: refund.status,
      providerReference: refund.providerReference ?? '',
      failureReason: refund.failureReason,
    },
    now,
  );
  return true;
}
