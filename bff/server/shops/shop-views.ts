// catalog's shop messages as the screens receive them (web/src/lib/shop-model.ts), and checked bodies as catalog's fields.
import type { DiscountCode, DonationOption, Shop, ShopItem } from '@kassa/proto/catalog/v1/shops';
import type {
  DiscountCodeInput,
  DiscountCodeView,
  DonationView,
  ShopInput,
  ShopItemInput,
  ShopItemView,
  ShopView,
  ListedShopWindow,
} from '@kassa/web/lib/shop-model';
import { iso } from '../iso-date';

/** ordering's window of a shop it lists (open or upcoming; it lists no closed shop) as the screens name it. */
export const listedShopWindow = (window: string): ListedShopWindow => (window === 'upcoming' ? 'upcoming' : 'open');

const isoOrNull = (date: Date | undefined): string | null => (date ? date.toISOString() : null);
const dateOrUndefined = (value: string | null): Date | undefined => (value ? new Date(value) : undefined);

function toDonationView(donation: DonationOption | undefined): DonationView {
  return {
    enabled: donation?.enabled ?? false,
    suggestedAmountsMinor: donation?.suggestedAmountsMinor ?? [],
    allowCustomAmount: donation?.allowCustomAmount ?? false,
  };
}

export function toShopView(shop: Shop | undefined): ShopView {
  if (!shop) throw new Error('catalog answered without a shop');
  return {
    id: shop.id,
    organisationId: shop.organisationId,
    name: shop.name,
    description: shop.description,
    opensAt: iso(shop.opensAt),
    closesAt: iso(shop.closesAt),
    status: shop.status,
    window: shop.window,
    translations: shop.translations.map(({ locale, name, description }) => ({ locale, name, description })),
    currency: shop.currency,
    passwordProtected: shop.passwordProtected,
    donation: toDonationView(shop.donation),
    reservationMinutes: shop.reservationMinutes,
    showComingSoon: shop.showComingSoon,
    itemCount: shop.itemCount,
    ...(shop.removalAt ? { removalAt: iso(shop.removalAt) } : {}),
  };
}

export function toShopItemView(item: ShopItem | undefined): ShopItemView {
  if (!item) throw new Error('catalog answered without a shop item');
  return {
    id: item.id,
    shopId: item.shopId,
    ticketOptionId: item.ticketOptionId,
    eventIds: item.eventIds,
    name: item.name,
    priceMinor: item.priceMinor,
    saleStart: isoOrNull(item.saleStart),
    saleEnd: isoOrNull(item.saleEnd),
    maxPerOrder: item.maxPerOrder ?? null,
    position: item.position,
  };
}

export function toDiscountCodeView(code: DiscountCode | undefined): DiscountCodeView {
  if (!code) throw new Error('catalog answered without a discount code');
  return {
    id: code.id,
    shopId: code.shopId,
    code: code.code,
    type: code.type === 'fixed' ? 'fixed' : 'percentage',
    value: code.value,
    validFrom: isoOrNull(code.validFrom),
    validUntil: isoOrNull(code.validUntil),
    maxUses: code.maxUses ?? null,
    itemIds: code.itemIds,
  };
}

/** A checked request body as catalog's ShopFields (the password: left out keeps it). */
export function toShopFields(input: ShopInput) {
  return {
    name: input.name,
    description: input.description,
    opensAt: new Date(input.opensAt),
    closesAt: new Date(input.closesAt),
    translations: input.translations,
    currency: input.currency,
    ...(input.password === null ? {} : { password: input.password }),
    donation: input.donation,
    reservationMinutes: input.reservationMinutes,
    ...(input.showComingSoon === undefined ? {} : { showComingSoon: input.showComingSoon }),
  };
}

/** A checked request body as catalog's ShopItemFields (position 0: new items go last, edited ones keep theirs in catalog). */
export function toShopItemFields(input: ShopItemInput, position = 0) {
  return {
    ticketOptionId: input.ticketOptionId,
    extraEventIds: input.extraEventIds,
    name: input.name,
    priceMinor: input.priceMinor,
    saleStart: dateOrUndefined(input.saleStart),
    saleEnd: dateOrUndefined(input.saleEnd),
    maxPerOrder: input.maxPerOrder ?? undefined,
    position,
  };
}

/** A checked request body as catalog's DiscountCodeFields. */
export function toDiscountCodeFields(input: DiscountCodeInput) {
  return {
    code: input.code,
    type: input.type,
    value: input.value,
    validFrom: dateOrUndefined(input.validFrom),
    validUntil: dateOrUndefined(input.validUntil),
    maxUses: input.maxUses ?? undefined,
    itemIds: input.itemIds,
  };
}
