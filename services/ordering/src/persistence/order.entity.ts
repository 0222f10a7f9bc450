import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** An order (table `orders`; "order" is an SQL keyword). Money in minor units; see the migration for the checks. */
export const OrderEntity = defineEntity({
  name: 'Order',
  tableName: 'orders',
  properties: (p) => ({
    id: p.string().primary(),
    number: p.string(),
    /** The guest's capability (see GuestOrder.access_key); never in organiser answers. */
    accessKey: p.string(),
    organisationId: p.string(),
    shopId: p.string(),
    status: p.string(),
    email: p.string(),
    locale: p.string(),
    subscribe: p.boolean(),
    discountCodeId: p.string().nullable(),
    discountCode: p.string(),
    discountUses: p.integer(),
    currency: p.string(),
    subtotalMinor: p.bigint('number'),
    discountMinor: p.bigint('number'),
    donationMinor: p.bigint('number'),
    feeMinor: p.bigint('number'),
    totalMinor: p.bigint('number'),
    refundedMinor: p.bigint('number'),
    ticketCount: p.integer(),
    expiresAt: p.datetime().nullable(),
    paidAt: p.datetime().nullable(),
    paidPaymentId: p.string().nullable(),
    outcome: p.string(),
    version: p.integer(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    /** The guest's address at checkout, behind a trusted proxy only (the hold cap per address); null otherwise. */
    clientAddress: p.string().nullable(),
  }),
});
export type OrderRow = InferEntity<typeof OrderEntity>;

export const OrderLineEntity = defineEntity({
  name: 'OrderLine',
  tableName: 'order_line',
  properties: (p) => ({
    orderId: p.string().primary(),
    position: p.integer().primary(),
    itemId: p.string(),
    ticketOptionId: p.string(),
    eventIds: p.array(),
    name: p.string(),
    quantity: p.integer(),
    unitPriceMinor: p.bigint('number'),
    subtotalMinor: p.bigint('number'),
    discountMinor: p.bigint('number'),
    totalMinor: p.bigint('number'),
    paidTickets: p.integer(),
  }),
});
export type OrderLineRow = InferEntity<typeof OrderLineEntity>;

/** The buckets an order's tickets count in (as reserved while held, as sold once paid). */
export const OrderAllocationEntity = defineEntity({
  name: 'OrderAllocation',
  tableName: 'order_allocation',
  properties: (p) => ({
    orderId: p.string().primary(),
    quotaId: p.string().primary(),
    bucket: p.integer().primary(),
    quantity: p.integer(),
  }),
});
export type OrderAllocationRow = InferEntity<typeof OrderAllocationEntity>;

export const RefundEntity = defineEntity({
  name: 'Refund',
  tableName: 'refund',
  properties: (p) => ({
    id: p.string().primary(),
    orderId: p.string(),
    organisationId: p.string(),
    paymentId: p.string(),
    amountMinor: p.bigint('number'),
    countedMinor: p.bigint('number'),
    currency: p.string(),
    status: p.string(),
    reason: p.string(),
    cancelsOrder: p.boolean(),
    requestedBy: p.string().nullable(),
    idempotencyKey: p.string().nullable(),
    requestedAt: p.datetime(),
    completedAt: p.datetime().nullable(),
    failureReason: p.string(),
  }),
});
export type RefundRow = InferEntity<typeof RefundEntity>;

export const OrderHistoryEntity = defineEntity({
  name: 'OrderHistory',
  tableName: 'order_history',
  properties: (p) => ({
    id: p.bigint('number').primary().autoincrement(),
    orderId: p.string(),
    at: p.datetime(),
    action: p.string(),
    properties: p.json<Record<string, unknown>>(),
    actorUserId: p.string().nullable(),
  }),
});
export type OrderHistoryRow = InferEntity<typeof OrderHistoryEntity>;

/** A payment attempt ordering heard of, with the last status it heard. */
export const OrderPaymentEntity = defineEntity({
  name: 'OrderPayment',
  tableName: 'order_payment',
  properties: (p) => ({
    paymentId: p.string().primary(),
    orderId: p.string(),
    status: p.string(),
    amountMinor: p.bigint('number'),
    currency: p.string(),
    updatedAt: p.datetime(),
  }),
});
export type OrderPaymentRow = InferEntity<typeof OrderPaymentEntity>;

export const CheckoutIdempotencyEntity = defineEntity({
  name: 'CheckoutIdempotency',
  tableName: 'checkout_idempotency',
  properties: (p) => ({
    shopId: p.string().primary(),
    idempotencyKey: p.string().primary(),
    requestHash: p.string(),
    orderId: p.string(),
    createdAt: p.datetime(),
  }),
});
export type CheckoutIdempotencyRow = InferEntity<typeof CheckoutIdempotencyEntity>;
