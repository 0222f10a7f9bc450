import { LockMode } from '@mikro-orm/core';
import { isDueForRemoval } from '../domain/deletion';
import { publishShopChanged } from '../events/shop-changed.publisher';
import { DiscountCodeEntity } from '../persistence/discount-code.entity';
import { HistoryEntryEntity } from '../persistence/history-entry.entity';
import { ShopItemEntity } from '../persistence/shop-item.entity';
import { ShopEntity } from '../persistence/shop.entity';
import type { CatalogContext } from './catalog-context';
import { countShopItems } from './shop-records';
import { toShopMessage } from './shop-views';

/**
 * Removes a deleted shop for good once its grace period is over: the shop, its items and codes and all their
 * history go, and kassa.catalog.shop.removed carries its last state (version + 1); its items and codes are removed
 * with it. Idempotent: a shop that is gone or not yet due is left alone.
 */
export async function removeShop(ctx: CatalogContext, shopId: string): Promise<boolean> {
  const now = ctx.now();
  return ctx.orm.em.fork().transactional(async (em) => {
    const shop = await em.findOne(ShopEntity, { id: shopId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!shop || !isDueForRemoval(shop, now)) return false;
    shop.version += 1;
    publishShopChanged(
      em,
      toShopMessage(shop, await countShopItems(em, shop.id), now),
      shop.passwordVersion,
      'removed',
      null,
      now,
    );
    await em.nativeDelete(HistoryEntryEntity, { groupId: shop.id });
    await em.nativeDelete(DiscountCodeEntity, { shopId: shop.id });
    await em.nativeDelete(ShopItemEntity, { shopId: shop.id });
    em.remove(shop);
    ctx.logger.info({ shopId }, 'deleted shop removed');
    return true;
  });
}
