import type { ListShopItemsRequest, ListShopItemsResponse } from '@kassa/proto/catalog/v1/shops';
import { ShopItemEntity } from '../persistence/shop-item.entity';
import { type CatalogContext, type Caller, READ, authorizeCaller } from './catalog-context';
import { checkShopIds, loadShop } from './shop-records';
import { toShopItemMessage } from './shop-views';

/** A shop's items in display order. */
export async function listShopItems(
  ctx: CatalogContext,
  caller: Caller,
  request: ListShopItemsRequest,
): Promise<ListShopItemsResponse> {
  checkShopIds(request);
  await authorizeCaller(ctx, caller, request.organisationId, READ);
  const em = ctx.orm.em.fork();
  const shop = await loadShop(em, request.organisationId, request.shopId);
  const items = await em.find(ShopItemEntity, { shopId: shop.id }, { orderBy: { position: 'asc', id: 'asc' } });
  return { items: items.map(toShopItemMessage) };
}
