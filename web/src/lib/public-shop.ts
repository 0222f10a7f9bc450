// The public shop as guests see it (/s/{shopId}): catalog's texts and items, ordering's availability and prices,
// in the shapes the screens receive from the BFF. Money travels as integer minor units; dates as ISO strings.
import type { EventLocation } from './event-model';
import type { DonationView } from './shop-model';

import { AVAILABILITY_STATUSES, type AvailabilityStatus, type DiscountStatus } from '@kassa/contracts/statuses';

export {
  AVAILABILITY_STATUSES,
  type AvailabilityStatus,
  DISCOUNT_STATUSES,
  type DiscountStatus,
} from '@kassa/contracts/statuses';

export interface PublicShopEventView {
  id: string;
  name: string;
  startsAt: string;
  endsAt: string;
  location: EventLocation;
  /** IANA zone its dates are shown in. */
  timeZone: string;
}

export interface PublicShopItemView {
  id: string;
  name: string;
  description: string;
  priceMinor: number;
  /** The events a ticket grants, in the order of the shop's events; more than one makes it an offer. */
  eventIds: string[];
  saleStart: string;
  saleEnd: string;
  /** null = no limit of its own. */
  maxPerOrder: number | null;
}

export interface PublicShopView {
  id: string;
  name: string;
  description: string;
  opensAt: string;
  closesAt: string;
  /** upcoming or open. */
  window: string;
  currency: string;
  /** A password is needed first: events and items are then empty. */
  passwordRequired: boolean;
  donation: DonationView;
  events: PublicShopEventView[];
  items: PublicShopItemView[];
}

export interface ItemAvailabilityView {
  status: AvailabilityStatus;
  /** How many one order may take now; 0 unless available. */
  maxQuantity: number;
  /** Few enough left to say so ("only 3 left"); null when plenty or unlimited. */
  remaining: number | null;
}

/** Availability per item id; an item ordering does not know (yet) is missing. */
export type AvailabilityView = Record<string, ItemAvailabilityView>;

/** What an item with no availability answer shows: nothing can be chosen. */
export const UNKNOWN_AVAILABILITY: ItemAvailabilityView = { status: 'closed', maxQuantity: 0, remaining: null };

export function availabilityOf(availability: AvailabilityView, itemId: string): ItemAvailabilityView {
  return availability[itemId] ?? UNKNOWN_AVAILABILITY;
}

export function isAvailabilityStatus(value: string): value is AvailabilityStatus {
  return (AVAILABILITY_STATUSES as readonly string[]).includes(value);
}

/** The single tickets of one event, under that event's heading. */
export interface EventGroup {
  event: PublicShopEventView;
  items: PublicShopItemView[];
}

export interface GroupedItems {
  /** Items granting more than one event, in display order. */
  offers: PublicShopItemView[];
  /** Items granting one event, grouped by that event, in the shop's event order (by start). */
  singles: EventGroup[];
}

/**
 * Offers first, then single tickets per event. An item naming an event the shop does not list (it cannot, but the
 * page must not break) is left out rather than shown without its heading.
 */
export function groupShopItems(
  items: readonly PublicShopItemView[],
  events: readonly PublicShopEventView[],
): GroupedItems {
  const offers = items.filter((item) => item.eventIds.length > 1);
  const singles = events
    .map((event) => ({
      event,
      items: items.filter((item) => item.eventIds.length === 1 && item.eventIds[0] === event.id),
    }))
    .filter((group) => group.items.length > 0);
  return { offers, singles };
}

/** A cart line as the price endpoint takes it. */
export interface CartLineInput {
  itemId: string;
  quantity: number;
}

/** The body of POST /api/shops/{shopId}/price. */
export interface PriceCartInput {
  lines: CartLineInput[];
  discountCode: string;
  donationMinor: number;
}

export interface PricedLineView {
  itemId: string;
  quantity: number;
  unitPriceMinor: number;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
}

/** What the cart costs, as ordering priced it. */
export interface PriceQuoteView {
  currency: string;
  lines: PricedLineView[];
  subtotalMinor: number;
  discountMinor: number;
  donationMinor: number;
  feeMinor: number;
  totalMinor: number;
  discountStatus: DiscountStatus;
  /** The code as the organiser wrote it, when applied. */
  discountCode: string;
}

/** The body of POST /api/shops/{shopId}/access. */
export interface ShopAccessInput {
  password: string;
}
