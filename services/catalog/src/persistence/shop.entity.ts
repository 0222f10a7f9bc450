import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { DonationOption } from '../domain/shop-fields';
import type { Translation } from '../domain/translations';

export const ShopEntity = defineEntity({
  name: 'Shop',
  tableName: 'shops',
  properties: (p) => ({
    id: p.string().primary(),
    organisationId: p.string(),
    name: p.string(),
    description: p.text(),
    opensAt: p.datetime(),
    closesAt: p.datetime(),
    status: p.string(),
    translations: p.json<Translation[]>(),
    currency: p.string(),
    /** scrypt of the guests' password; null = no password. */
    passwordHash: p.string().nullable(),
    /** Goes up with every set, change or removal of the password; access tokens name it. */
    passwordVersion: p.integer(),
    donation: p.json<DonationOption>(),
    reservationMinutes: p.integer(),
    /** Guests see a "coming soon" page before opens_at; otherwise the shop is not found until it opens. */
    showComingSoon: p.boolean(),
    /** The window the last snapshot announced ('' unless public), so the open/close jobs know what is still due. */
    announcedWindow: p.string(),
    version: p.integer(),
    createdAt: p.datetime(),
    deletedAt: p.datetime().nullable(),
    removalAt: p.datetime().nullable(),
  }),
});
export type CatalogShop = InferEntity<typeof ShopEntity>;
