// POST /api/organisations/{orgId}/shops/{shopId}/items {ShopItemInput} → 201 { item }: added last.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../server/handler';
import { shopsAs } from '../../../../../../../server/shop-client';
import { authorizeShopWrite, readBody, shopItemBody, type ShopParams } from '../../../../../../../server/shop-requests';
import { toShopItemFields, toShopItemView } from '../../../../../../../server/shop-views';

export const POST = handler<ShopParams>(async (request, { params }) => {
  const { user, orgId, shopId } = await authorizeShopWrite(request, params);
  const body = await readBody(request, shopItemBody);
  const { item } = await shopsAs(user.id).createShopItem({ organisationId: orgId, shopId, fields: toShopItemFields(body) });
  return NextResponse.json({ item: toShopItemView(item) }, { status: 201 });
});
