// What the shop pages can ask the BFF to do; the host wires each to its route handler.
import type { ApiResult } from '../../lib/api-result';
import type {
  DiscountCodeInput,
  DiscountCodeView,
  ShopInput,
  ShopItemInput,
  ShopItemView,
  ShopView,
} from '../../lib/shop-model';

export interface ShopActions {
  publish(): Promise<ApiResult<{ shop: ShopView }>>;
  convertToDraft(): Promise<ApiResult<{ shop: ShopView }>>;
  update(input: ShopInput): Promise<ApiResult<{ shop: ShopView }>>;
  remove(): Promise<ApiResult<{ shop: ShopView }>>;
  createItem(input: ShopItemInput): Promise<ApiResult<{ item: ShopItemView }>>;
  updateItem(itemId: string, input: ShopItemInput): Promise<ApiResult<{ item: ShopItemView }>>;
  deleteItem(itemId: string): Promise<ApiResult<unknown>>;
  createDiscountCode(input: DiscountCodeInput): Promise<ApiResult<{ discountCode: DiscountCodeView }>>;
  updateDiscountCode(
    discountCodeId: string,
    input: DiscountCodeInput,
  ): Promise<ApiResult<{ discountCode: DiscountCodeView }>>;
  deleteDiscountCode(discountCodeId: string): Promise<ApiResult<unknown>>;
}
