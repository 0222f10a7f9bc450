import type { AsyncHandlers } from '@kassa/platform/grpc';
import { ShopServiceService } from '@kassa/proto/catalog/v1/shops';
import type { CatalogContext } from '../application/catalog-context';
import { convertShopToDraft } from '../application/convert-shop-to-draft';
import { createDiscountCode } from '../application/create-discount-code';
import { createShop } from '../application/create-shop';
import { createShopItem } from '../application/create-shop-item';
import { deleteDiscountCode } from '../application/delete-discount-code';
import { deleteShop } from '../application/delete-shop';
import { deleteShopItem } from '../application/delete-shop-item';
import { getPublicShop } from '../application/get-public-shop';
import { getShop } from '../application/get-shop';
import { listDiscountCodes } from '../application/list-discount-codes';
import { listShopHistory } from '../application/list-shop-history';
import { listShopItems } from '../application/list-shop-items';
import { listShops } from '../application/list-shops';
import { locateShop } from '../application/locate-shop';
import { publishShop } from '../application/publish-shop';
import { updateDiscountCode } from '../application/update-discount-code';
import { updateShop } from '../application/update-shop';
import { updateShopItem } from '../application/update-shop-item';

export const shopService = ShopServiceService;

/** Maps the gRPC surface onto the use cases; each organiser call passes its call context to be authorised. */
export function shopHandlers(ctx: CatalogContext): AsyncHandlers<typeof ShopServiceService> {
  return {
    createShop: (request, call) => createShop(ctx, call, request),
    updateShop: (request, call) => updateShop(ctx, call, request),
    getShop: (request, call) => getShop(ctx, call, request),
    listShops: (request, call) => listShops(ctx, call, request),
    publishShop: (request, call) => publishShop(ctx, call, request),
    convertShopToDraft: (request, call) => convertShopToDraft(ctx, call, request),
    deleteShop: (request, call) => deleteShop(ctx, call, request),
    locateShop: (request, call) => locateShop(ctx, call, request),
    createShopItem: (request, call) => createShopItem(ctx, call, request),
    updateShopItem: (request, call) => updateShopItem(ctx, call, request),
    deleteShopItem: (request, call) => deleteShopItem(ctx, call, request),
    listShopItems: (request, call) => listShopItems(ctx, call, request),
    createDiscountCode: (request, call) => createDiscountCode(ctx, call, request),
    updateDiscountCode: (request, call) => updateDiscountCode(ctx, call, request),
    deleteDiscountCode: (request, call) => deleteDiscountCode(ctx, call, request),
    listDiscountCodes: (request, call) => listDiscountCodes(ctx, call, request),
    listShopHistory: (request, call) => listShopHistory(ctx, call, request),
    getPublicShop: (request) => getPublicShop(ctx, request),
  };
}
