import type { ListDiscountCodesRequest, ListDiscountCodesResponse } from '@kassa/proto/catalog/v1/shops';
import { DiscountCodeEntity } from '../persistence/discount-code.entity';
import { type CatalogContext, type Caller, READ, authorizeCaller } from './catalog-context';
import { checkShopIds, loadShop } from './shop-records';
import { toDiscountCodeMessage } from './shop-views';

/** A shop's discount codes, by code. */
export async function listDiscountCodes(
  ctx: CatalogContext,
  caller: Caller,
  request: ListDiscountCodesRequest,
): Promise<ListDiscountCodesResponse> {
  checkShopIds(request);
  await authorizeCaller(ctx, caller, request.organisationId, READ);
  const em = ctx.orm.em.fork();
  const shop = await loadShop(em, request.organisationId, request.shopId);
  const codes = await em.find(DiscountCodeEntity, { shopId: shop.id }, { orderBy: { codeKey: 'asc' } });
  return { discountCodes: codes.map(toDiscountCodeMessage) };
}
