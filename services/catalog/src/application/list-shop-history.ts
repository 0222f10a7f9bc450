import { NotFoundError, Violations, messages } from '@kassa/platform/errors';
import { pageInfo, readPage } from '@kassa/platform/paging';
import { isId } from '@kassa/platform/ids';
import type { ListShopHistoryRequest, ListShopHistoryResponse } from '@kassa/proto/catalog/v1/shops';
import { DiscountCodeEntity } from '../persistence/discount-code.entity';
import { HistoryEntryEntity } from '../persistence/history-entry.entity';
import { ShopItemEntity } from '../persistence/shop-item.entity';
import { type CatalogContext, type Caller, READ, authorizeCaller } from './catalog-context';
import { toHistoryEntryMessage } from './catalog-views';
import { DISCOUNT_CODE_NOT_FOUND, SHOP_ITEM_NOT_FOUND, checkShopIds, loadShop } from './shop-records';

/** A shop's history (with its items' and codes'), or one item's or code's, newest first. */
export async function listShopHistory(
  ctx: CatalogContext,
  caller: Caller,
  request: ListShopHistoryRequest,
): Promise<ListShopHistoryResponse> {
  checkShopIds(request);
  const kind = (['shp', 'itm', 'dsc'] as const).find((prefix) => isId(prefix, request.entityId));
  if (!kind) new Violations().add('entityId', messages.idInvalid).throwIfAny();
  await authorizeCaller(ctx, caller, request.organisationId, READ);
  const page = readPage(request.page);
  const em = ctx.orm.em.fork();
  const scope = { organisationId: request.organisationId };
  if (kind === 'shp') await loadShop(em, request.organisationId, request.entityId);
  else {
    // A removed item or code keeps its history until its shop is removed; either one proves it is this organisation's.
    const current =
      kind === 'itm'
        ? await em.count(ShopItemEntity, { id: request.entityId, ...scope })
        : await em.count(DiscountCodeEntity, { id: request.entityId, ...scope });
    const known = current + (await em.count(HistoryEntryEntity, { entityId: request.entityId, ...scope }));
    if (known === 0) throw new NotFoundError(kind === 'itm' ? SHOP_ITEM_NOT_FOUND : DISCOUNT_CODE_NOT_FOUND);
  }
  const where = kind === 'shp' ? { groupId: request.entityId, ...scope } : { entityId: request.entityId, ...scope };
  const [entries, total] = await em.findAndCount(HistoryEntryEntity, where, {
    orderBy: { occurredAt: 'desc', id: 'desc' },
    limit: page.limit,
    offset: page.offset,
  });
  return { entries: entries.map(toHistoryEntryMessage), page: pageInfo(page, total) };
}
