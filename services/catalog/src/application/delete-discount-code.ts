import { NotFoundError } from '@kassa/platform/errors';
import type { DeleteDiscountCodeRequest, DeleteDiscountCodeResponse } from '@kassa/proto/catalog/v1/shops';
import { DiscountCodeEntity } from '../persistence/discount-code.entity';
import { HistoryEntryEntity } from '../persistence/history-entry.entity';
import { type CatalogContext, type Caller, SHOPS, authorizeCaller } from './catalog-context';
import {
  DISCOUNT_CODE_NOT_FOUND,
  assertShopNotDeleted,
  checkShopIds,
  loadShop,
  recordDiscountCodeChange,
} from './shop-records';
import { discountCodePropertiesOf } from './shop-views';

/** Removes a code; removing one this shop already removed succeeds, an id it never had answers NOT_FOUND. */
export async function deleteDiscountCode(
  ctx: CatalogContext,
  caller: Caller,
  request: DeleteDiscountCodeRequest,
): Promise<DeleteDiscountCodeResponse> {
  checkShopIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, SHOPS);
  const now = ctx.now();
  await ctx.orm.em.fork().transactional(async (em) => {
    const shop = await loadShop(em, request.organisationId, request.shopId, true);
    const code = await em.findOne(DiscountCodeEntity, {
      id: request.discountCodeId,
      shopId: shop.id,
      organisationId: shop.organisationId,
    });
    if (!code) {
      if (
        await em.count(HistoryEntryEntity, {
          entityId: request.discountCodeId,
          groupId: shop.id,
          action: 'deleted',
          organisationId: shop.organisationId,
        })
      )
        return;
      throw new NotFoundError(DISCOUNT_CODE_NOT_FOUND);
    }
    assertShopNotDeleted(shop);
    recordDiscountCodeChange(em, code, discountCodePropertiesOf(code), { action: 'deleted', actorUserId, at: now });
    em.remove(code);
  });
  return {};
}
