import type { ShopChanged } from '@kassa/proto/catalog/events/v1/events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { upsertShop } from '../persistence/projection.repository';

/** catalog's ShopChanged → the shop's name, status, window, times, currency and donation; "removed" leaves a tombstone. */
export async function projectShop(em: EntityManager, message: ShopChanged): Promise<void> {
  const shop = message.shop;
  if (!shop?.id) throw new Error('ShopChanged without a shop');
  await upsertShop(
    em,
    {
      id: shop.id,
      organisationId: shop.organisationId,
      name: shop.name,
      status: shop.status,
      window: shop.window,
      opensAt: shop.opensAt ?? new Date(0),
      closesAt: shop.closesAt ?? new Date(0),
      currency: shop.currency,
      passwordProtected: shop.passwordProtected,
      passwordVersion: message.passwordVersion,
      donation: {
        enabled: shop.donation?.enabled ?? false,
        suggestedAmountsMinor: shop.donation?.suggestedAmountsMinor ?? [],
        allowCustomAmount: shop.donation?.allowCustomAmount ?? false,
      },
      // 0 = none of its own: checkout then holds for ORDER_HOLD_MINUTES (the platform default, 15).
      reservationMinutes: Math.max(0, shop.reservationMinutes),
      showComingSoon: shop.showComingSoon,
      version: shop.version,
    },
    { removed: message.change === 'removed' },
  );
}
