import type { ConvertShopToDraftRequest, ConvertShopToDraftResponse } from '@kassa/proto/catalog/v1/shops';
import type { CatalogContext, Caller } from './catalog-context';
import { changeShopStatusOf } from './change-shop-status';

/** public → draft (hidden from guests again); converting a draft succeeds without a change. */
export function convertShopToDraft(
  ctx: CatalogContext,
  caller: Caller,
  request: ConvertShopToDraftRequest,
): Promise<ConvertShopToDraftResponse> {
  return changeShopStatusOf(ctx, caller, request, 'converted_to_draft');
}
