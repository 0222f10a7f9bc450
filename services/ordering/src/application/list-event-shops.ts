import { NotFoundError, Violations } from '@kassa/platform/errors';
import type { ListEventShopsRequest, ListEventShopsResponse } from '@kassa/proto/ordering/v1/ordering';
import { eventShopSummary } from '../domain/event-shops';
import { shopIdsSellingEvent } from '../persistence/sellable.repository';
import type { OrderingContext } from './ordering-context';
import { loadOpenShop } from './sellable-shop';

/** The public shops where guests can buy an event's tickets (for the event's public page). */
export async function listEventShops(
  ctx: OrderingContext,
  request: ListEventShopsRequest,
): Promise<ListEventShopsResponse> {
  const violations = new Violations();
  const eventId = violations.id('eventId', request.eventId, 'evt');
  violations.throwIfAny();
  const now = ctx.now();
  const em = ctx.orm.em.fork();
  const shops: ListEventShopsResponse['shops'] = [];
  for (const shopId of await shopIdsSellingEvent(em, eventId, now)) {
    const open = await loadOpenShop(em, shopId, now).catch((error: unknown) => {
      // Closed early by catalog (its window ahead of the clock): not a place to buy any more.
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    const summary = open && eventShopSummary(open.items, eventId);
    if (!open || !summary) continue;
    shops.push({
      shopId,
      name: open.shop.name,
      window: open.window,
      opensAt: open.shop.opensAt,
      closesAt: open.shop.closesAt,
      currency: open.shop.currency,
      priceFromMinor: summary.priceFromMinor,
      status: summary.status,
    });
  }
  // Open ones first; each group stays in opening order.
  return { shops: [...shops.filter((s) => s.window === 'open'), ...shops.filter((s) => s.window !== 'open')] };
}
