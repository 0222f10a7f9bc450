import { NotFoundError } from '@kassa/platform/errors';
import type { DeleteShopItemRequest, DeleteShopItemResponse } from '@kassa/proto/catalog/v1/shops';
import { HistoryEntryEntity } from '../persistence/history-entry.entity';
import { ShopItemEntity } from '../persistence/shop-item.entity';
import { type CatalogContext, type Caller, SHOPS, authorizeCaller } from './catalog-context';
import { SHOP_ITEM_NOT_FOUND, assertShopNotDeleted, checkShopIds, deleteShopItems, loadShop } from './shop-records';

/**
 * Removes an item (and takes it out of the discount codes that name it). Removing one this shop already removed
 * succeeds (its history says so); an id the shop never had answers NOT_FOUND.
 */
export async function deleteShopItem(
  ctx: CatalogContext,
  caller: Caller,
  request: DeleteShopItemRequest,
): Promise<DeleteShopItemResponse> {
  checkShopIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, SHOPS);
  const now = ctx.now();
  await ctx.orm.em.fork().transactional(async (em) => {
    const shop = await loadShop(em, request.organisationId, request.shopId, true);
    const item = await em.findOne(ShopItemEntity, {
      id: request.itemId,
      shopId: shop.id,
      organisationId: shop.organisationId,
    });
    if (!item) {
      if (
        await em.count(HistoryEntryEntity, {
          entityId: request.itemId,
          groupId: shop.id,
          action: 'deleted',
          organisationId: shop.organisationId,
        })
      )
        return;
      throw new NotFoundError(SHOP_ITEM_NOT_FOUND);
    }
    assertShopNotDeleted(shop);
    await deleteShopItems(em, [item], { action: 'deleted', actorUserId, at: now });
  });
  return {};
}
