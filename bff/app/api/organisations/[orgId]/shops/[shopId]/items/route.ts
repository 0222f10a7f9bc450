// POST /api/organisations/{orgId}/shops/{shopId}/items {ShopItemInput} → 201 { item }: added last.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../server/handler';
import { shopClientAs } from '../../../../../../../server/clients/shop-client';
import {
  authorizeShopWrite,
  readBody,
  shopItemBody,
  type ShopParams,
} from '../../../../../../../server/shops/shop-requests';
import { toShopItemFields, toShopItemView } from '../../../../../../../server/shops/shop-views';

export const POST = handler<ShopParams>(async (request, { params }) => {
  const { user, orgId, shopId } = await authorizeShopWrite(request, params);
  const body = await readBody(request, shopItemBody);
  const { item } = await shopClientAs(user.id).createShopItem({
    organisationId: orgId,
    shopId,
    fields: toShopItemFields(body),
  });
  return NextResponse.json({ item: toShopItemView(item) }, { status: 201 });
});
