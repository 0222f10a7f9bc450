import type { DeleteShopRequest, DeleteShopResponse } from '@kassa/proto/catalog/v1/shops';
import type { CatalogContext, Caller } from './catalog-context';
import { changeShopStatusOf } from './change-shop-status';

/** Hidden from guests at once, removed for good 14 days later by the removal job; deleting twice succeeds. */
export function deleteShop(
  ctx: CatalogContext,
  caller: Caller,
  request: DeleteShopRequest,
): Promise<DeleteShopResponse> {
  return changeShopStatusOf(ctx, caller, request, 'deleted');
}
