import type { FilterQuery } from '@mikro-orm/core';
import { Violations, messages } from '@kassa/platform/errors';
import { pageInfo, readPage } from '@kassa/platform/paging';
import { likePattern } from '@kassa/platform/persistence';
import type { ListShopsRequest, ListShopsResponse } from '@kassa/proto/catalog/v1/shops';
import { isShopStatus } from '../domain/shop-status';
import { type CatalogShop, ShopEntity } from '../persistence/shop.entity';
import { type CatalogContext, type Caller, READ, authorizeCaller } from './catalog-context';
import { checkShopIds } from './shop-records';
import { toShopMessage } from './shop-views';

/** The organisation's shops, newest first; search over the name; deleted ones only when asked for. */
export async function listShops(
  ctx: CatalogContext,
  caller: Caller,
  request: ListShopsRequest,
): Promise<ListShopsResponse> {
  checkShopIds(request);
  await authorizeCaller(ctx, caller, request.organisationId, READ);
  const violations = new Violations();
  request.statuses.forEach((status, index) => {
    if (!isShopStatus(status)) violations.add(`statuses.${index}`, messages.invalid('Status'));
  });
  violations.throwIfAny();
  const page = readPage(request.page);

  const where: FilterQuery<CatalogShop> = {
    organisationId: request.organisationId,
    status: request.statuses.length > 0 ? { $in: request.statuses } : { $ne: 'deleted' },
  };
  const query = request.query.trim();
  if (query) where.name = { $ilike: likePattern(query) };

  const em = ctx.orm.em.fork();
  const [shops, total] = await em.findAndCount(ShopEntity, where, {
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: page.limit,
    offset: page.offset,
  });
  const counts = new Map<string, number>();
  if (shops.length > 0) {
    const rows: { shop_id: string; count: number }[] = await em
      .getConnection()
      .execute('select shop_id, count(*)::int as count from shop_items where shop_id in (?) group by shop_id', [
        shops.map((shop) => shop.id),
      ]);
    for (const row of rows) counts.set(row.shop_id, row.count);
  }
  const now = ctx.now();
  return {
    shops: shops.map((shop) => toShopMessage(shop, counts.get(shop.id) ?? 0, now)),
    page: pageInfo(page, total),
  };
}
