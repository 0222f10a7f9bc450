import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** catalog's discount code; `removed` once deleted. */
export const DiscountCodeEntity = defineEntity({
  name: 'DiscountCode',
  tableName: 'discount_code',
  properties: (p) => ({
    id: p.string().primary(),
    shopId: p.string(),
    organisationId: p.string(),
    code: p.string(),
    type: p.string(),
    value: p.bigint('number'),
    validFrom: p.datetime().nullable(),
    validUntil: p.datetime().nullable(),
    maxUses: p.integer().nullable(),
    itemIds: p.array(),
    removed: p.boolean(),
    version: p.integer(),
  }),
});
export type DiscountCodeRow = InferEntity<typeof DiscountCodeEntity>;

/** Ordering's redemptions of a code: tickets discounted so far. */
export const DiscountUsageEntity = defineEntity({
  name: 'DiscountUsage',
  tableName: 'discount_usage',
  properties: (p) => ({
    discountCodeId: p.string().primary(),
    used: p.integer(),
  }),
});
export type DiscountUsageRow = InferEntity<typeof DiscountUsageEntity>;
