import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * One provider event, recorded in the transaction that applies it: its (provider, event id) key makes a
 * duplicate or replayed delivery a no-op.
 */
export const ProviderEventReceiptEntity = defineEntity({
  name: 'ProviderEventReceipt',
  tableName: 'provider_event_receipt',
  properties: (p) => ({
    provider: p.string().primary(),
    eventId: p.string().primary(),
    eventType: p.string(),
    paymentId: p.string().nullable(),
    refundId: p.string().nullable(),
    /** What applying it did: "paid", "ignored", "unknown_payment", … */
    outcome: p.string(),
    receivedAt: p.datetime(),
  }),
});
export type ProviderEventReceipt = InferEntity<typeof ProviderEventReceiptEntity>;
