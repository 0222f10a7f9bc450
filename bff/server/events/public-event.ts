// The public event page's data: catalog's guest view in the visitor's locale and ordering's shops that sell it
// (both anonymous, no actor).
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import type { PublicEventShopView, PublicEventView } from '@kassa/web/lib/event-model';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { eventClient } from '../clients/event-client';
import { orderingClient } from '../clients/ordering-client';
import { logger } from '../logger';
import { toPublicEventView } from './event-views';
import { isPrefixedId } from '../site/page-validity';
import { iso } from '../iso-date';

/** The event, or the 404 page when it is not live or ended (draft, deleted, unknown). Asked once per request. */
export const loadPublicEvent = cache(async (eventId: string, locale: string): Promise<PublicEventView> => {
  if (!isPrefixedId('evt', eventId)) notFound();
  try {
    const { event } = await eventClient().getPublicEvent({ eventId, locale });
    return toPublicEventView(event);
  } catch (error) {
    if (isGrpcCallError(error) && (error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT))
      notFound();
    throw error;
  }
});

/**
 * Where the event's tickets are sold, open shops first; null when ordering could not answer (the page then says
 * nothing about buying rather than failing for every visitor).
 */
export async function loadEventShops(eventId: string): Promise<PublicEventShopView[] | null> {
  try {
    const { shops } = await orderingClient().listEventShops({ eventId });
    return shops.map((shop) => ({
      shopId: shop.shopId,
      name: shop.name,
      window: shop.window === 'upcoming' ? 'upcoming' : 'open',
      opensAt: iso(shop.opensAt),
      closesAt: iso(shop.closesAt),
      currency: shop.currency,
      priceFromMinor: shop.priceFromMinor,
      status: shop.status,
    }));
  } catch (error) {
    logger.error({ err: error, call: 'ListEventShops', eventId }, "the event's shops could not be read; none shown");
    return null;
  }
}
