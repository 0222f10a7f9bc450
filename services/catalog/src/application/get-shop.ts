import type { GetShopRequest, GetShopResponse } from '@kassa/proto/catalog/v1/shops';
import { type CatalogContext, type Caller, READ, authorizeCaller } from './catalog-context';
import { checkShopIds, countShopItems, loadShop } from './shop-records';
import { toShopMessage } from './shop-views';

/** One shop of the organisation, deleted ones included until they are removed. */
export async function getShop(ctx: CatalogContext, caller: Caller, request: GetShopRequest): Promise<GetShopResponse> {
  checkShopIds(request);
  await authorizeCaller(ctx, caller, request.organisationId, READ);
  const em = ctx.orm.em.fork();
  const shop = await loadShop(em, request.organisationId, request.shopId);
  return { shop: toShopMessage(shop, await countShopItems(em, shop.id), ctx.now()) };
}
