import { newId } from '@kassa/platform/ids';
import type { CreateDiscountCodeRequest, CreateDiscountCodeResponse } from '@kassa/proto/catalog/v1/shops';
import { checkDiscountCodeFields } from '../domain/discount-code-fields';
import { DiscountCodeEntity } from '../persistence/discount-code.entity';
import { type CatalogContext, type Caller, SHOPS, authorizeCaller } from './catalog-context';
import { assertCodeIsFree, mapCodeConflict } from './discount-code-conflicts';
import {
  assertShopItems,
  assertShopNotDeleted,
  checkShopIds,
  loadShop,
  recordDiscountCodeChange,
} from './shop-records';

/** Adds a discount code to a shop; ALREADY_EXISTS when the shop has it already in any case. */
export async function createDiscountCode(
  ctx: CatalogContext,
  caller: Caller,
  request: CreateDiscountCodeRequest,
): Promise<CreateDiscountCodeResponse> {
  checkShopIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, SHOPS);
  const values = checkDiscountCodeFields(request.fields);
  const now = ctx.now();
  return mapCodeConflict(() =>
    ctx.orm.em.fork().transactional(async (em) => {
      const shop = await loadShop(em, request.organisationId, request.shopId, true);
      await assertShopItems(em, shop.organisationId, shop.id, values.itemIds);
      assertShopNotDeleted(shop);
      await assertCodeIsFree(em, shop.id, values.codeKey);
      const code = em.create(DiscountCodeEntity, {
        id: newId('dsc'),
        shopId: shop.id,
        organisationId: shop.organisationId,
        ...values,
        version: 0,
        createdAt: now,
      });
      return {
        discountCode: recordDiscountCodeChange(em, code, undefined, { action: 'created', actorUserId, at: now }),
      };
    }),
  );
}
