// What GetAvailability and PriceCart share: the shop a guest may see now, and each item's availability.
import { NotFoundError } from '@kassa/platform/errors';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type ItemAvailability, grantsSellable, itemAvailability } from '../domain/availability';
import type { Quota } from '../domain/quota';
import { saleWindow, shopWindow } from '../domain/sale-window';
import { type SellableItem, type SellableShop, findItems, findShop } from '../persistence/sellable.repository';

export interface OpenShop {
  shop: SellableShop;
  /** upcoming or open. */
  window: 'upcoming' | 'open';
  items: { item: SellableItem; availability: ItemAvailability }[];
}

/**
 * The shop with every item's availability at `now`. NOT_FOUND unless it is public and its window (projected and
 * by the clock) is upcoming or open: unknown, draft, deleted, removed and closed shops look alike to guests.
 */
export async function loadOpenShop(em: EntityManager, shopId: string, now: Date): Promise<OpenShop> {
  const shop = await findShop(em, shopId);
  const window = shop && shop.status === 'public' ? shopWindow(shop, now) : 'closed';
  if (!shop || window === 'closed') throw new NotFoundError('Shop not found');
  const items = (await findItems(em, shopId)).map((item) => ({
    item,
    availability: availabilityOf(shop, window, item, now),
  }));
  return { shop, window, items };
}

function availabilityOf(
  shop: SellableShop,
  window: 'upcoming' | 'open',
  item: SellableItem,
  now: Date,
): ItemAvailability {
  const events = item.eventIds.map((id) => item.events.get(id) ?? null);
  const quotaIds = [item.ticketOptionId, ...item.eventIds];
  const quotas = quotaIds.map((id) => item.quotas.get(id)).filter((quota): quota is Quota => quota !== undefined);
  return itemAvailability({
    shopWindow: window,
    saleWindow: saleWindow(item, shop, now),
    // A quota not projected yet means its snapshot is on the way: nothing is sold that cannot be counted.
    sellable: grantsSellable(item.ticketOption, events, now) && quotas.length === quotaIds.length,
    quotas,
    maxPerOrder: item.maxPerOrder,
  });
}
