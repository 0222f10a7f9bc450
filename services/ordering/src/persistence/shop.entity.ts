import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** catalog's shop, as selling needs it; status 'removed' is a tombstone. */
export const ShopEntity = defineEntity({
  name: 'Shop',
  tableName: 'shop',
  properties: (p) => ({
    id: p.string().primary(),
    organisationId: p.string(),
    /** Shown on the dashboard. */
    name: p.string(),
    status: p.string(),
    /** The window of the last snapshot ("" unless public); the clock is read too (domain/sale-window.ts). */
    projectedWindow: p.string(),
    opensAt: p.datetime(),
    closesAt: p.datetime(),
    currency: p.string(),
    passwordProtected: p.boolean(),
    passwordVersion: p.integer(),
    donationEnabled: p.boolean(),
    donationSuggestedMinor: p.array().columnType('bigint[]'),
    donationAllowCustom: p.boolean(),
    reservationMinutes: p.integer(),
    showComingSoon: p.boolean(),
    version: p.integer(),
  }),
});
export type ShopRow = InferEntity<typeof ShopEntity>;
