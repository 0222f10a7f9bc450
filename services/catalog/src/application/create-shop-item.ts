import { newId } from '@kassa/platform/ids';
import type { CreateShopItemRequest, CreateShopItemResponse } from '@kassa/proto/catalog/v1/shops';
import { checkShopItemFields } from '../domain/shop-item-fields';
import { ShopItemEntity } from '../persistence/shop-item.entity';
import { type CatalogContext, type Caller, SHOPS, authorizeCaller } from './catalog-context';
import { assertShopNotDeleted, checkShopIds, loadShop, recordShopItemChange, resolveItemEvents } from './shop-records';

/** Adds an item to a shop: tickets of one ticket option of the organisation, granting its event and any extra ones. */
export async function createShopItem(
  ctx: CatalogContext,
  caller: Caller,
  request: CreateShopItemRequest,
): Promise<CreateShopItemResponse> {
  checkShopIds(request);
  const actorUserId = await authorizeCaller(ctx, caller, request.organisationId, SHOPS);
  const now = ctx.now();
  return ctx.orm.em.fork().transactional(async (em) => {
    // The shop's row lock orders this against a concurrent delete and keeps "last position" unique.
    const shop = await loadShop(em, request.organisationId, request.shopId, true);
    const values = checkShopItemFields(request.fields, shop);
    assertShopNotDeleted(shop);
    const eventIds = await resolveItemEvents(em, shop.organisationId, values.ticketOptionId, values.extraEventIds);
    let position = values.position;
    if (position === 0) {
      const [row] = await em
        .getConnection()
        .execute<{ last: number }[]>(
          'select coalesce(max(position), 0)::int as last from shop_items where shop_id = ?',
          [shop.id],
        );
      position = (row?.last ?? 0) + 1;
    }
    const item = em.create(ShopItemEntity, {
      id: newId('itm'),
      shopId: shop.id,
      organisationId: shop.organisationId,
      ticketOptionId: values.ticketOptionId,
      eventIds,
      name: values.name,
      priceMinor: values.priceMinor,
      saleStart: values.saleStart,
      saleEnd: values.saleEnd,
      maxPerOrder: values.maxPerOrder,
      position,
      version: 0,
      createdAt: now,
    });
    return { item: recordShopItemChange(em, item, undefined, { action: 'created', actorUserId, at: now }) };
  });
}
