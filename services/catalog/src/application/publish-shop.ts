import type { PublishShopRequest, PublishShopResponse } from '@kassa/proto/catalog/v1/shops';
import type { CatalogContext, Caller } from './catalog-context';
import { changeShopStatusOf } from './change-shop-status';

/** draft → public (guests reach it from opens_at until closes_at); publishing a public shop succeeds without a change. */
export function publishShop(
  ctx: CatalogContext,
  caller: Caller,
  request: PublishShopRequest,
): Promise<PublishShopResponse> {
  return changeShopStatusOf(ctx, caller, request, 'published');
}
