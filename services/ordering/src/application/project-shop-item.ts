import type { ShopItemChanged } from '@kassa/proto/catalog/events/v1/events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { upsertShopItem } from '../persistence/projection.repository';

/** catalog's ShopItemChanged → the item (price, sale window, limits, granted events); "deleted" leaves a tombstone. */
export async function projectShopItem(em: EntityManager, message: ShopItemChanged): Promise<void> {
  const item = message.item;
  if (!item?.id) throw new Error('ShopItemChanged without an item');
  await upsertShopItem(
    em,
    {
      id: item.id,
      shopId: item.shopId,
      organisationId: message.organisationId,
      ticketOptionId: item.ticketOptionId,
      name: item.name,
      eventIds: item.eventIds,
      priceMinor: Number(item.priceMinor),
      saleStart: item.saleStart ?? null,
      saleEnd: item.saleEnd ?? null,
      maxPerOrder: item.maxPerOrder ?? null,
      position: item.position,
      version: item.version,
    },
    { removed: message.change === 'deleted' },
  );
}
