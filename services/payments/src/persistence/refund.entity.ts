import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * A refund ordering asked for, or one payments made itself for a flagged payment (a success for the wrong sum, which
 * ordering never hears of as a success). Its id ("ref_…") is the provider's idempotency key.
 */
export const RefundEntity = defineEntity({
  name: 'Refund',
  tableName: 'refund',
  properties: (p) => ({
    id: p.string().primary(),
    paymentId: p.string(),
    orderId: p.string(),
    organisationId: p.string(),
    amountMinor: p.bigint('number'),
    currency: p.string(),
    /** ordering's "organiser", "late_payment", "duplicate_payment" or "order_canceled"; a flagged payment's flag reason. */
    reason: p.string(),
    /** "requested" (not yet answered by the provider), "pending" (the provider is on it), "succeeded" or "failed". */
    status: p.string(),
    providerReference: p.string().nullable(),
    failureReason: p.string(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    completedAt: p.datetime().nullable(),
  }),
});
export type Refund = InferEntity<typeof RefundEntity>;
