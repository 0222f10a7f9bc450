// Shops, their items and discount codes as the screens receive them from the BFF, and what the screens send back.
// Dates travel as ISO strings ('' or null when unset); money as integer minor units of the shop's currency.
import { SHOP_LIMITS } from '@kassa/contracts/shops';
import type { TextTranslation } from './event-model';
import type { ShopWindow } from '@kassa/contracts/statuses';

export { SHOP_STATUSES, SHOP_LIST_STATUSES, SHOP_WINDOWS, type ShopWindow } from '@kassa/contracts/statuses';

/** The window of a shop guests can find (the dashboard's and an event page's lists): a closed one is never listed. */
export type ListedShopWindow = Exclude<ShopWindow, 'closed'>;

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export interface DonationView {
  enabled: boolean;
  /** Minor units, at most 6. */
  suggestedAmountsMinor: number[];
  allowCustomAmount: boolean;
}

export interface ShopView {
  id: string;
  organisationId: string;
  name: string;
  description: string;
  opensAt: string;
  closesAt: string;
  /** draft, public or deleted. */
  status: string;
  /** upcoming, open or closed for a public shop; '' otherwise. */
  window: string;
  translations: TextTranslation[];
  /** ISO 4217. */
  currency: string;
  passwordProtected: boolean;
  donation: DonationView;
  reservationMinutes: number;
  /** Guests see a "coming soon" page before it opens; otherwise its address is not found until then. */
  showComingSoon: boolean;
  itemCount: number;
  /** Set once deleted: when it will be removed for good. */
  removalAt?: string;
}

export interface ShopItemView {
  id: string;
  shopId: string;
  ticketOptionId: string;
  /** The ticket option's own event first. */
  eventIds: string[];
  /** '' = the ticket option's name. */
  name: string;
  priceMinor: number;
  /** null = when the shop opens / closes. */
  saleStart: string | null;
  saleEnd: string | null;
  /** null = no limit of its own. */
  maxPerOrder: number | null;
  position: number;
}

export interface DiscountCodeView {
  id: string;
  shopId: string;
  code: string;
  type: DiscountType;
  /** Percent (1–100) or minor units off each ticket. */
  value: number;
  validFrom: string | null;
  validUntil: string | null;
  /** null = unlimited. */
  maxUses: number | null;
  /** [] = every item. */
  itemIds: string[];
}

/** One page of the organiser's shop list, with the filters that made it. */
export interface ShopListView {
  shops: ShopView[];
  page: number;
  hasNextPage: boolean;
  query: string;
  status: string;
}

/** An event of the organisation with its ticket options: what an item can sell and grant. */
export interface SellableEvent {
  id: string;
  name: string;
  status: string;
  startsAt: string;
  ticketOptions: { id: string; name: string }[];
}

/** The body of POST /api/organisations/{orgId}/shops and PUT …/shops/{shopId}. */
export interface ShopInput {
  name: string;
  description: string;
  opensAt: string;
  closesAt: string;
  /** Required on create; ignored on update. */
  currency: string;
  /** null keeps the password as it is, '' removes it, anything else sets it. */
  password: string | null;
  donation: DonationView;
  /** 5–60. */
  reservationMinutes: number;
  /** Left out keeps the setting (update) or means off (create). */
  showComingSoon?: boolean;
  translations: TextTranslation[];
}

/** The body of POST …/items and PUT …/items/{itemId}. */
export interface ShopItemInput {
  ticketOptionId: string;
  /** Granted besides the ticket option's own event. */
  extraEventIds: string[];
  name: string;
  priceMinor: number;
  saleStart: string | null;
  saleEnd: string | null;
  maxPerOrder: number | null;
}

/** The body of POST …/discount-codes and PUT …/discount-codes/{discountCodeId}. */
export interface DiscountCodeInput {
  code: string;
  type: DiscountType;
  value: number;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  itemIds: string[];
}

export const DEFAULT_RESERVATION_MINUTES = SHOP_LIMITS.reservationDefault;

/** The name an item shows: its own, else its ticket option's. */
export function itemDisplayName(
  item: Pick<ShopItemView, 'name' | 'ticketOptionId'>,
  events: readonly SellableEvent[],
): string {
  if (item.name) return item.name;
  for (const event of events) {
    const option = event.ticketOptions.find(({ id }) => id === item.ticketOptionId);
    if (option) return option.name;
  }
  return item.ticketOptionId;
}
