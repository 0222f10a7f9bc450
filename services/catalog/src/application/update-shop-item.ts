import type { UpdateShopItemRequest, UpdateShopItemResponse } from '@kassa/proto/catalog/v1/shops';
import { checkShopItemFields } from '../domain/shop-item-fields';
import { type CatalogContext, type Caller, SHOPS, authorizeCaller } from './catalog-context';
import {
  assertShopNotDeleted,
  checkShopIds,
  loadShop,
  loadShopItem,
  recordShopItemChange,
  resolveItemEvents,
} from './shop-records';
import { shopItemPropertiesOf, toShopItemMessage } from './shop-views';

/** Replaces an item's editable fields; position 0 keeps its place. */
export async function updateShopItem(
  ctx: CatalogContext,
  caller: Caller,
  request: UpdateShopItemRequest,
): Promise<UpdateShopItemResponse> {
  checkShopIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, SHOPS);
  const now = ctx.now();
  return ctx.orm.em.fork().transactional(async (em) => {
    const shop = await loadShop(em, request.organisationId, request.shopId, true);
    const item = await loadShopItem(em, shop.organisationId, shop.id, request.itemId, true);
    const values = checkShopItemFields(request.fields, shop);
    assertShopNotDeleted(shop);
    const eventIds = await resolveItemEvents(em, shop.organisationId, values.ticketOptionId, values.extraEventIds);
    const before = shopItemPropertiesOf(item);
    Object.assign(item, {
      ticketOptionId: values.ticketOptionId,
      eventIds,
      name: values.name,
      priceMinor: values.priceMinor,
      saleStart: values.saleStart,
      saleEnd: values.saleEnd,
      maxPerOrder: values.maxPerOrder,
      position: values.position || item.position,
    });
    if (JSON.stringify(before) === JSON.stringify(shopItemPropertiesOf(item))) return { item: toShopItemMessage(item) };
    return { item: recordShopItemChange(em, item, before, { action: 'updated', actorUserId, at: now }) };
  });
}
