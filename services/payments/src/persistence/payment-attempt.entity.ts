import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** One payment attempt: one provider object (a Stripe Checkout Session, or a demo page) for one order. */
export const PaymentAttemptEntity = defineEntity({
  name: 'PaymentAttempt',
  tableName: 'payment_attempt',
  properties: (p) => ({
    /** "pay_…", also the provider's idempotency key for creating the attempt's object. */
    id: p.string().primary(),
    orderId: p.string(),
    organisationId: p.string(),
    shopId: p.string(),
    orderNumber: p.string(),
    /** "stripe" or "demo". */
    provider: p.string(),
    status: p.string(),
    amountMinor: p.bigint('number'),
    currency: p.string(),
    refundedMinor: p.bigint('number'),
    /** The provider's object ("cs_…"); null until the provider answered. */
    providerReference: p.string().nullable(),
    /** The provider's payment ("pi_…"), learnt when it is paid; refunds need it. */
    providerPaymentId: p.string().nullable(),
    redirectUrl: p.string(),
    failureReason: p.string(),
    /**
     * Set when the provider reported a payment for another sum than the attempt's (domain/received-amount.ts):
     * "amount_mismatch", "currency_mismatch" or "amount_unknown". Such an attempt is failed, its money refunded, and
     * nothing moves it any more. Null for every other attempt.
     */
    flagReason: p.string().nullable(),
    /** What the provider said it took, for a flagged attempt (null when it did not say); the expected sum is amountMinor/currency. */
    receivedMinor: p.bigint('number').nullable(),
    receivedCurrency: p.string().nullable(),
    flaggedAt: p.datetime().nullable(),
    /** Chosen by the browser; unique per order (the retry of one attempt is the same attempt). */
    idempotencyKey: p.string(),
    testMode: p.boolean(),
    /**
     * What the provider was asked with, kept so that a retry after a crash sends the very same request under the
     * same idempotency key (Stripe refuses a key reused with other parameters).
     */
    returnOrigin: p.string(),
    /** The guest's key to the order: in the return links, and asked again by the demo page's calls. */
    orderAccessKey: p.string(),
    email: p.string(),
    locale: p.string(),
    /** The order's hold end when the attempt was made. */
    holdExpiresAt: p.datetime().nullable(),
    /** When the provider object expires by itself (Stripe: at least 30 minutes). */
    providerExpiresAt: p.datetime().nullable(),
    version: p.integer(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  }),
});
export type PaymentAttempt = InferEntity<typeof PaymentAttemptEntity>;
