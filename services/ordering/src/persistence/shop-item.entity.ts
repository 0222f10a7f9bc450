import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** catalog's shop item; `removed` once deleted. */
export const ShopItemEntity = defineEntity({
  name: 'ShopItem',
  tableName: 'shop_item',
  properties: (p) => ({
    id: p.string().primary(),
    shopId: p.string(),
    organisationId: p.string(),
    ticketOptionId: p.string(),
    /** '' = the ticket option's name. */
    name: p.string(),
    eventIds: p.array(),
    priceMinor: p.bigint('number'),
    saleStart: p.datetime().nullable(),
    saleEnd: p.datetime().nullable(),
    maxPerOrder: p.integer().nullable(),
    position: p.integer(),
    removed: p.boolean(),
    version: p.integer(),
  }),
});
export type ShopItemRow = InferEntity<typeof ShopItemEntity>;
