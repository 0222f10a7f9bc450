import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const DiscountCodeEntity = defineEntity({
  name: 'DiscountCode',
  tableName: 'discount_codes',
  properties: (p) => ({
    id: p.string().primary(),
    shopId: p.string(),
    organisationId: p.string(),
    /** As the organiser typed it. */
    code: p.string(),
    /** Upper case, unique per shop: codes compare case-insensitively. */
    codeKey: p.string(),
    type: p.string(),
    value: p.bigint('number'),
    validFrom: p.datetime().nullable(),
    validUntil: p.datetime().nullable(),
    maxUses: p.integer().nullable(),
    /** [] = every item of the shop. */
    itemIds: p.json<string[]>(),
    version: p.integer(),
    createdAt: p.datetime(),
  }),
});
export type DiscountCode = InferEntity<typeof DiscountCodeEntity>;
