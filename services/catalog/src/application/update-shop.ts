import type { UpdateShopRequest, UpdateShopResponse } from '@kassa/proto/catalog/v1/shops';
import { checkShopFields } from '../domain/shop-fields';
import { hashShopPassword } from '../domain/shop-password';
import { type CatalogContext, type Caller, SHOPS, authorizeCaller, scheduleShopDeadlines } from './catalog-context';
import { assertShopNotDeleted, checkShopIds, countShopItems, loadShop, recordShopChange } from './shop-records';
import { shopPropertiesOf, toShopMessage } from './shop-views';

/**
 * Replaces a shop's editable fields; the currency stays. Setting, changing or removing the password raises its
 * version, which ends every access token issued before.
 */
export async function updateShop(
  ctx: CatalogContext,
  caller: Caller,
  request: UpdateShopRequest,
): Promise<UpdateShopResponse> {
  checkShopIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, SHOPS);
  const { password, currency: _ignored, ...values } = checkShopFields(request.fields, { creating: false });
  const newHash = password ? await hashShopPassword(password) : null;
  const now = ctx.now();
  const result = await ctx.orm.em.fork().transactional(async (em) => {
    const shop = await loadShop(em, request.organisationId, request.shopId, true);
    assertShopNotDeleted(shop);
    const before = shopPropertiesOf(shop);
    Object.assign(shop, values);
    if (password === null && shop.passwordHash) {
      shop.passwordHash = null;
      shop.passwordVersion += 1;
    } else if (newHash) {
      shop.passwordHash = newHash;
      shop.passwordVersion += 1;
    }
    // Saving the same values again is not a change: no version, no history, no message.
    if (JSON.stringify(before) === JSON.stringify(shopPropertiesOf(shop)))
      return { shop: toShopMessage(shop, await countShopItems(em, shop.id), now) };
    return { shop: await recordShopChange(em, shop, before, { action: 'updated', actorUserId, at: now }) };
  });
  const shop = result.shop!;
  await scheduleShopDeadlines(ctx, {
    id: shop.id,
    status: shop.status,
    opensAt: shop.opensAt!,
    closesAt: shop.closesAt!,
  });
  return result;
}
