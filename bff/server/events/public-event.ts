// The public event page's data: catalog's guest view in the visitor's locale and ordering's shops that sell it
// (both anonymous, no actor).
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import type { PublicEventShopView, PublicEventView } from '@kassa/web/lib/event-model';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { eventClient } from '../clients/event-client';
import { orderingClient } from '../clients/ordering-client';
import type { EventShop } from '@kassa/proto/ordering/v1/ordering';
import { logger } from '../logger';
import { toPublicEventView } from './event-views';
import { isPrefixedId } from '../site/page-validity';
import { iso } from '../iso-date';
import { LOCALES } from '@kassa/contracts/locales';
import { AVAILABILITY_TTL_MS } from '../shops/public-shop';
import { createTtlCache, type TtlCache } from '../ttl-cache';
import { listedShopWindow } from '../shops/shop-views';

/** How long an event's guest view is reused: it changes only when the organiser edits or unpublishes the event. */
export const EVENT_TTL_MS = 5_000;

// Kept on globalThis like the gRPC channels and the shop page's caches: one per process, across dev-mode reloads.
const holder = globalThis as typeof globalThis & {
  kassaPublicEventCache?: TtlCache<PublicEventView | null>;
  kassaEventShopsCache?: TtlCache<PublicEventShopView[]>;
};
const events = () => (holder.kassaPublicEventCache ??= createTtlCache<PublicEventView | null>({ maxEntries: 2_000 }));
const eventShops = () => (holder.kassaEventShopsCache ??= createTtlCache<PublicEventShopView[]>({ maxEntries: 2_000 }));

/**
 * The guest view of a live event, or null when guests cannot see it (draft, deleted, ended, unknown). Reused for
 * EVENT_TTL_MS (an unknown id for AVAILABILITY_TTL_MS, so that a stream of them does not reach catalog each time);
 * concurrent misses share one call, failures are never kept.
 */
export function fetchPublicEvent(eventId: string, locale: string): Promise<PublicEventView | null> {
  return events().get(`${eventId}:${locale}`, async () => {
    const started = Date.now();
    try {
      const { event } = await eventClient().getPublicEvent({ eventId, locale });
      return { value: toPublicEventView(event), expiresAt: started + EVENT_TTL_MS };
    } catch (error) {
      if (isGrpcCallError(error) && (error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT))
        return { value: null, expiresAt: started + AVAILABILITY_TTL_MS };
      throw error;
    }
  });
}

/** The event, or the 404 page when it is not live or ended (draft, deleted, unknown). Asked once per request. */
export const loadPublicEvent = cache(async (eventId: string, locale: string): Promise<PublicEventView> => {
  if (!isPrefixedId('evt', eventId)) notFound();
  const event = await fetchPublicEvent(eventId, locale);
  if (!event) notFound();
  return event;
});

/**
 * Where the event's tickets are sold, open shops first, at most AVAILABILITY_TTL_MS old (their prices from and
 * availability move with every sale); null when ordering could not answer (the page then says nothing about buying
 * rather than failing for every visitor).
 */
export async function loadEventShops(eventId: string): Promise<PublicEventShopView[] | null> {
  try {
    return await eventShops().get(eventId, async () => {
      const started = Date.now();
      const { shops } = await orderingClient().listEventShops({ eventId });
      return { value: shops.map(toPublicEventShopView), expiresAt: started + AVAILABILITY_TTL_MS };
    });
  } catch (error) {
    logger.error({ err: error, call: 'ListEventShops', eventId }, "the event's shops could not be read; none shown");
    return null;
  }
}

function toPublicEventShopView(shop: EventShop): PublicEventShopView {
  return {
    shopId: shop.shopId,
    name: shop.name,
    window: listedShopWindow(shop.window),
    opensAt: iso(shop.opensAt),
    closesAt: iso(shop.closesAt),
    currency: shop.currency,
    priceFromMinor: shop.priceFromMinor,
    status: shop.status,
  };
}

/**
 * Drops the event's guest view in every locale from this replica's cache: called by the organiser's routes after a
 * write, so that an unpublished or edited event shows as such at once here (other replicas within EVENT_TTL_MS).
 */
export function forgetPublicEvent(eventId: string): void {
  for (const locale of LOCALES) events().delete(`${eventId}:${locale}`);
}
