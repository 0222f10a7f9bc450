import type { EntityManager } from '@mikro-orm/postgresql';
import type { Shop } from '@kassa/proto/catalog/v1/shops';
import { removalAtFor } from '../domain/deletion';
import { type ShopStatus, type ShopStatusChange, changeShopStatus } from '../domain/shop-status';
import type { CatalogShop } from '../persistence/shop.entity';
import { type CatalogContext, type Caller, SHOPS, authorizeCaller, scheduleShopDeadlines } from './catalog-context';
import { checkShopIds, countShopItems, loadShop, recordShopChange } from './shop-records';
import { shopPropertiesOf, toShopMessage } from './shop-views';

/** One step of the status machine on a loaded (locked) shop; a repeat the contract accepts changes nothing. */
async function applyShopStatusChange(
  em: EntityManager,
  shop: CatalogShop,
  change: ShopStatusChange,
  actorUserId: string | null,
  now: Date,
): Promise<Shop> {
  const outcome = changeShopStatus(shop.status as ShopStatus, change, { closesAt: shop.closesAt, now });
  if (!outcome.changed) return toShopMessage(shop, await countShopItems(em, shop.id), now);
  const before = shopPropertiesOf(shop);
  shop.status = outcome.status;
  if (outcome.status === 'deleted') {
    shop.deletedAt = now;
    shop.removalAt = removalAtFor(now);
  }
  return recordShopChange(em, shop, before, { action: change, actorUserId, at: now });
}

/** An organiser's Publish, Convert to Draft or Delete of a shop. */
export async function changeShopStatusOf(
  ctx: CatalogContext,
  caller: Caller,
  request: { organisationId: string; shopId: string },
  change: ShopStatusChange,
): Promise<{ shop: Shop }> {
  checkShopIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, SHOPS);
  const now = ctx.now();
  const shop = await ctx.orm.em.fork().transactional(async (em) => {
    const loaded = await loadShop(em, request.organisationId, request.shopId, true);
    return applyShopStatusChange(em, loaded, change, actorUserId, now);
  });
  await scheduleShopDeadlines(ctx, {
    id: shop.id,
    status: shop.status,
    opensAt: shop.opensAt!,
    closesAt: shop.closesAt!,
    removalAt: shop.removalAt,
  });
  return { shop };
}
