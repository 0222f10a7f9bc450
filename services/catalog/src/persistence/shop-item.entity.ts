import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const ShopItemEntity = defineEntity({
  name: 'ShopItem',
  tableName: 'shop_items',
  properties: (p) => ({
    id: p.string().primary(),
    shopId: p.string(),
    /** Copied from the shop so that every lookup can be scoped by organisation without a join. */
    organisationId: p.string(),
    ticketOptionId: p.string(),
    /** The events a ticket grants, the ticket option's own first (ordering gets them from the snapshots). */
    eventIds: p.json<string[]>(),
    name: p.string(),
    priceMinor: p.bigint('number'),
    saleStart: p.datetime().nullable(),
    saleEnd: p.datetime().nullable(),
    maxPerOrder: p.integer().nullable(),
    position: p.integer(),
    version: p.integer(),
    createdAt: p.datetime(),
  }),
});
export type ShopItem = InferEntity<typeof ShopItemEntity>;
