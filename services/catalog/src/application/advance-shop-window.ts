import { LockMode } from '@mikro-orm/core';
import { dueWindowChange } from '../domain/shop-status';
import { ShopEntity } from '../persistence/shop.entity';
import type { CatalogContext } from './catalog-context';
import { recordShopChange } from './shop-records';
import { shopPropertiesOf } from './shop-views';

/**
 * The automatic opening at opens_at and closing at closes_at of a public shop, by the system: a new snapshot with
 * the window it has now, on kassa.catalog.shop.opened or .closed. Idempotent and safe to run early or twice: a shop
 * whose window change is not due, or was announced already, is left alone.
 */
export async function advanceShopWindow(ctx: CatalogContext, shopId: string): Promise<boolean> {
  const now = ctx.now();
  return ctx.orm.em.fork().transactional(async (em) => {
    const shop = await em.findOne(ShopEntity, { id: shopId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!shop) return false;
    const change = dueWindowChange(shop, now);
    if (!change) return false;
    await recordShopChange(em, shop, shopPropertiesOf(shop), { action: change, actorUserId: null, at: now });
    ctx.logger.info({ shopId }, `shop ${change}`);
    return true;
  });
}
