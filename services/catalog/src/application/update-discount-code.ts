import type { UpdateDiscountCodeRequest, UpdateDiscountCodeResponse } from '@kassa/proto/catalog/v1/shops';
import { checkDiscountCodeFields } from '../domain/discount-code-fields';
import { type CatalogContext, type Caller, SHOPS, authorizeCaller } from './catalog-context';
import { assertCodeIsFree, mapCodeConflict } from './discount-code-conflicts';
import {
  assertShopItems,
  assertShopNotDeleted,
  checkShopIds,
  loadDiscountCode,
  loadShop,
  recordDiscountCodeChange,
} from './shop-records';
import { discountCodePropertiesOf, toDiscountCodeMessage } from './shop-views';

/** Replaces a code's editable fields; renaming it onto another code of the shop is ALREADY_EXISTS. */
export async function updateDiscountCode(
  ctx: CatalogContext,
  caller: Caller,
  request: UpdateDiscountCodeRequest,
): Promise<UpdateDiscountCodeResponse> {
  checkShopIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, SHOPS);
  const values = checkDiscountCodeFields(request.fields);
  const now = ctx.now();
  return mapCodeConflict(() =>
    ctx.orm.em.fork().transactional(async (em) => {
      const shop = await loadShop(em, request.organisationId, request.shopId, true);
      const code = await loadDiscountCode(em, shop.organisationId, shop.id, request.discountCodeId, true);
      await assertShopItems(em, shop.organisationId, shop.id, values.itemIds);
      assertShopNotDeleted(shop);
      await assertCodeIsFree(em, shop.id, values.codeKey, code.id);
      const before = discountCodePropertiesOf(code);
      Object.assign(code, values);
      if (JSON.stringify(before) === JSON.stringify(discountCodePropertiesOf(code)))
        return { discountCode: toDiscountCodeMessage(code) };
      return { discountCode: recordDiscountCodeChange(em, code, before, { action: 'updated', actorUserId, at: now }) };
    }),
  );
}
