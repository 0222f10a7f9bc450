// The public shop page's data: catalog's guest view (texts, items, events) and ordering's availability, both
// anonymous and read-only. Each is kept briefly in this process so that a rush on one shop costs the services a
// few calls per second, not one per guest: availability for at most a second (docs/ARCHITECTURE.md, Ordering: the
// sellable projection), the shop's texts for a few seconds and never past its opening or closing time, per locale and
// per access token (never shared between two tokens, and a password is never cached at all).
import { createHash } from 'node:crypto';
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import type { GetPublicShopResponse, PublicShop } from '@kassa/proto/catalog/v1/shops';
import type { GetAvailabilityResponse, PriceCartResponse } from '@kassa/proto/ordering/v1/ordering';
import {
  isAvailabilityStatus,
  type AvailabilityView,
  type DiscountStatus,
  type PriceQuoteView,
  type PublicShopView,
} from '@kassa/web/lib/public-shop';
import { DISCOUNT_STATUSES } from '@kassa/contracts/statuses';
import { cache } from 'react';
import { logger } from '../logger';
import { orderingClient } from '../clients/ordering-client';
import { isPrefixedId } from '../site/page-validity';
import { shopClient } from '../clients/shop-client';
import { createTtlCache } from '../ttl-cache';
import { iso } from '../iso-date';

/** How long the shop's texts and items are reused (they change only when the organiser edits them). */
export const SHOP_TTL_MS = 5_000;
/** How long availability is reused: "fresh within a second". */
export const AVAILABILITY_TTL_MS = 1_000;

export function toPublicShopView(shop: PublicShop | undefined): PublicShopView {
  if (!shop) throw new Error('catalog answered without a shop');
  return {
    id: shop.id,
    name: shop.name,
    description: shop.description,
    opensAt: iso(shop.opensAt),
    closesAt: iso(shop.closesAt),
    window: shop.window,
    currency: shop.currency,
    passwordRequired: shop.passwordRequired,
    donation: {
      enabled: shop.donation?.enabled ?? false,
      suggestedAmountsMinor: shop.donation?.suggestedAmountsMinor ?? [],
      allowCustomAmount: shop.donation?.allowCustomAmount ?? false,
    },
    events: shop.events.map((event) => ({
      id: event.id,
      name: event.name,
      startsAt: iso(event.startsAt),
      endsAt: iso(event.endsAt),
      location: {
        address: event.location?.address ?? '',
        city: event.location?.city ?? '',
        postalCode: event.location?.postalCode ?? '',
        country: event.location?.country ?? '',
      },
      timeZone: event.timeZone,
    })),
    items: shop.items.map((item) => ({
      id: item.id,
      name: item.name,
      description: item.description,
      priceMinor: item.priceMinor,
      eventIds: item.eventIds,
      saleStart: iso(item.saleStart),
      saleEnd: iso(item.saleEnd),
      maxPerOrder: item.maxPerOrder ?? null,
    })),
  };
}

export function toAvailabilityView(answer: GetAvailabilityResponse): AvailabilityView {
  const view: AvailabilityView = {};
  for (const item of answer.items) {
    // A word this BFF does not know yet (a newer ordering) sells nothing rather than breaking the page.
    const status = isAvailabilityStatus(item.status) ? item.status : 'closed';
    view[item.itemId] = {
      status,
      maxQuantity: status === 'available' ? Math.max(0, item.maxQuantity) : 0,
      remaining: item.remaining ?? null,
    };
  }
  return view;
}

export function toPriceQuoteView(answer: PriceCartResponse): PriceQuoteView {
  const discountStatus = (DISCOUNT_STATUSES as readonly string[]).includes(answer.discountStatus)
    ? (answer.discountStatus as DiscountStatus)
    : 'unknown';
  return {
    currency: answer.currency,
    lines: answer.lines.map(({ itemId, quantity, unitPriceMinor, subtotalMinor, discountMinor, totalMinor }) => ({
      itemId,
      quantity,
      unitPriceMinor,
      subtotalMinor,
      discountMinor,
      totalMinor,
    })),
    subtotalMinor: answer.subtotalMinor,
    discountMinor: answer.discountMinor,
    donationMinor: answer.donationMinor,
    feeMinor: answer.feeMinor,
    totalMinor: answer.totalMinor,
    discountStatus,
    discountCode: answer.discountCode,
  };
}

/** Until when a shop's guest view may be reused: a few seconds, but never past the moment its window changes. */
export function shopExpiry(
  shop: Pick<PublicShopView, 'opensAt' | 'closesAt'>,
  now: number,
  ttlMs = SHOP_TTL_MS,
): number {
  let expiresAt = now + ttlMs;
  for (const boundary of [Date.parse(shop.opensAt), Date.parse(shop.closesAt)]) {
    if (Number.isFinite(boundary) && boundary > now) expiresAt = Math.min(expiresAt, boundary);
  }
  return expiresAt;
}

/** Cache key of a guest view: the token only as a hash, so no live token sits in the key list. */
export function shopCacheKey(shopId: string, locale: string, accessToken: string): string {
  const access = accessToken ? createHash('sha256').update(accessToken).digest('base64url') : '-';
  return `${shopId}|${locale}|${access}`;
}

// Kept on globalThis like the gRPC channels: one cache per process, also across dev-mode module reloads.
const holder = globalThis as typeof globalThis & {
  kassaPublicShopCache?: ReturnType<typeof createTtlCache<PublicShopView | null>>;
  kassaAvailabilityCache?: ReturnType<typeof createTtlCache<AvailabilityView | null>>;
};
const shops = () => (holder.kassaPublicShopCache ??= createTtlCache<PublicShopView | null>({ maxEntries: 2_000 }));
const availabilities = () =>
  (holder.kassaAvailabilityCache ??= createTtlCache<AvailabilityView | null>({ maxEntries: 2_000 }));

const isNotFound = (error: unknown) =>
  isGrpcCallError(error) && (error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT);

/** The guest view, or null when guests cannot reach the shop (draft, deleted, closed, unknown). */
export function fetchPublicShop(shopId: string, locale: string, accessToken: string): Promise<PublicShopView | null> {
  return shops().get(shopCacheKey(shopId, locale, accessToken), async () => {
    const started = Date.now();
    try {
      const answer: GetPublicShopResponse = await shopClient().getPublicShop({
        shopId,
        locale,
        password: '',
        accessToken,
      });
      const shop = toPublicShopView(answer.shop);
      return { value: shop, expiresAt: shopExpiry(shop, started) };
    } catch (error) {
      // Unknown ids are remembered as briefly as availability, so that a stream of them does not reach catalog each time.
      if (isNotFound(error)) return { value: null, expiresAt: started + AVAILABILITY_TTL_MS };
      throw error;
    }
  });
}

/** Availability per item, at most a second old; null when ordering does not sell the shop (yet). */
export function fetchAvailability(shopId: string): Promise<AvailabilityView | null> {
  return availabilities().get(shopId, async () => {
    const started = Date.now();
    try {
      const answer = await orderingClient().getAvailability({ shopId });
      return { value: toAvailabilityView(answer), expiresAt: started + AVAILABILITY_TTL_MS };
    } catch (error) {
      if (isNotFound(error)) return { value: null, expiresAt: started + AVAILABILITY_TTL_MS };
      throw error;
    }
  });
}

export type PublicShopPage =
  | { kind: 'not-found' }
  | { kind: 'upcoming'; shop: PublicShopView }
  | { kind: 'locked'; shop: PublicShopView }
  | { kind: 'open'; shop: PublicShopView; availability: AvailabilityView };

/** What /s/{shopId} shows. Asked once per request (metadata and page share it). */
export const loadPublicShopPage = cache(
  async (shopId: string, locale: string, accessToken: string): Promise<PublicShopPage> => {
    if (!isPrefixedId('shp', shopId)) return { kind: 'not-found' };
    const shop = await fetchPublicShop(shopId, locale, accessToken);
    if (!shop) return { kind: 'not-found' };
    if (shop.window === 'upcoming') return { kind: 'upcoming', shop };
    if (shop.passwordRequired) return { kind: 'locked', shop };
    let availability: AvailabilityView | null = null;
    try {
      availability = await fetchAvailability(shopId);
    } catch (error) {
      // The list still shows (prices, texts) with nothing to choose, rather than an error page for every guest.
      logger.error(
        { err: error, call: 'GetAvailability', shopId },
        "the shop's availability could not be read; its list shows nothing to choose",
      );
    }
    return { kind: 'open', shop, availability: availability ?? {} };
  },
);
