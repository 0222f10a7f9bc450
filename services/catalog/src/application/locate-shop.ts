import { NotFoundError, Violations } from '@kassa/platform/errors';
import type { LocateShopRequest, LocateShopResponse } from '@kassa/proto/catalog/v1/shops';
import { ShopEntity } from '../persistence/shop.entity';
import { type CatalogContext, type Caller, READ, authorizeCaller } from './catalog-context';
import { SHOP_NOT_FOUND } from './shop-records';

/**
 * Which organisation a shop belongs to, for the shop dashboard's check. Only a member of that organisation learns
 * it: anyone else gets the NOT_FOUND an unknown id gets, so a shop id reveals nothing.
 */
export async function locateShop(
  ctx: CatalogContext,
  caller: Caller,
  request: LocateShopRequest,
): Promise<LocateShopResponse> {
  const violations = new Violations();
  violations.id('shopId', request.shopId, 'shp');
  violations.throwIfAny();
  const shop = await ctx.orm.em.fork().findOne(ShopEntity, { id: request.shopId });
  if (!shop) throw new NotFoundError(SHOP_NOT_FOUND);
  try {
    await authorizeCaller(ctx, caller, shop.organisationId, READ);
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError(SHOP_NOT_FOUND);
    throw error;
  }
  return { organisationId: shop.organisationId, name: shop.name, status: shop.status };
}
