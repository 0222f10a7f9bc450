// Not a use case: shops, items and discount codes as the contract's messages, and their properties as history diffs.
import type {
  DiscountCode as DiscountCodeMessage,
  Shop as ShopMessage,
  ShopItem as ShopItemMessage,
} from '@kassa/proto/catalog/v1/shops';
import type { DiscountCodeValues } from '../domain/discount-code-fields';
import { type Properties, discountCodeProperties, shopItemProperties, shopProperties } from '../domain/history';
import { shopWindow } from '../domain/shop-status';
import type { DiscountCode } from '../persistence/discount-code.entity';
import type { ShopItem } from '../persistence/shop-item.entity';
import type { CatalogShop } from '../persistence/shop.entity';
import { copyTranslations } from './catalog-views';

/** The stored shop as the contract's message (the snapshot events carry, too), its window as of `now`. */
export function toShopMessage(shop: CatalogShop, itemCount: number, now: Date): ShopMessage {
  return {
    id: shop.id,
    organisationId: shop.organisationId,
    name: shop.name,
    description: shop.description,
    opensAt: shop.opensAt,
    closesAt: shop.closesAt,
    status: shop.status,
    window: shopWindow(shop, now),
    translations: copyTranslations(shop.translations),
    currency: shop.currency,
    passwordProtected: shop.passwordHash !== null && shop.passwordHash !== undefined,
    donation: {
      enabled: shop.donation.enabled,
      suggestedAmountsMinor: [...shop.donation.suggestedAmountsMinor],
      allowCustomAmount: shop.donation.allowCustomAmount,
    },
    reservationMinutes: shop.reservationMinutes,
    showComingSoon: shop.showComingSoon,
    version: shop.version,
    createdAt: shop.createdAt,
    deletedAt: shop.deletedAt ?? undefined,
    removalAt: shop.removalAt ?? undefined,
    itemCount,
  };
}

export function toShopItemMessage(item: ShopItem): ShopItemMessage {
  return {
    id: item.id,
    shopId: item.shopId,
    ticketOptionId: item.ticketOptionId,
    eventIds: [...item.eventIds],
    name: item.name,
    priceMinor: Number(item.priceMinor),
    saleStart: item.saleStart ?? undefined,
    saleEnd: item.saleEnd ?? undefined,
    maxPerOrder: item.maxPerOrder ?? undefined,
    position: item.position,
    version: item.version,
    createdAt: item.createdAt,
  };
}

export function toDiscountCodeMessage(code: DiscountCode): DiscountCodeMessage {
  return {
    id: code.id,
    shopId: code.shopId,
    code: code.code,
    type: code.type,
    value: Number(code.value),
    validFrom: code.validFrom ?? undefined,
    validUntil: code.validUntil ?? undefined,
    maxUses: code.maxUses ?? undefined,
    itemIds: [...code.itemIds],
    version: code.version,
    createdAt: code.createdAt,
  };
}

/** The stored shop's recorded properties (history and "did anything change"). */
export function shopPropertiesOf(shop: CatalogShop): Properties {
  return shopProperties({ ...shop, passwordProtected: shop.passwordHash !== null && shop.passwordHash !== undefined });
}

export function shopItemPropertiesOf(item: ShopItem): Properties {
  return shopItemProperties({
    ticketOptionId: item.ticketOptionId,
    eventIds: item.eventIds,
    name: item.name,
    priceMinor: Number(item.priceMinor),
    saleStart: item.saleStart ?? null,
    saleEnd: item.saleEnd ?? null,
    maxPerOrder: item.maxPerOrder ?? null,
    position: item.position,
  });
}

export function discountCodePropertiesOf(code: DiscountCode): Properties {
  return discountCodeProperties({
    code: code.code,
    type: code.type as DiscountCodeValues['type'],
    value: Number(code.value),
    validFrom: code.validFrom ?? null,
    validUntil: code.validUntil ?? null,
    maxUses: code.maxUses ?? null,
    itemIds: code.itemIds,
  });
}
