// POST /api/organisations/{orgId}/shops {ShopInput} → 201 { shop }: a new draft shop.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../server/handler';
import { shopClientAs } from '../../../../../server/clients/shop-client';
import { authorizeShopWrite, newShopBody, readBody, type ShopsParams } from '../../../../../server/shops/shop-requests';
import { toShopFields, toShopView } from '../../../../../server/shops/shop-views';

export const POST = handler<ShopsParams>(async (request, { params }) => {
  const { user, orgId } = await authorizeShopWrite(request, params);
  const body = await readBody(request, newShopBody);
  const { shop } = await shopClientAs(user.id).createShop({ organisationId: orgId, fields: toShopFields(body) });
  return NextResponse.json({ shop: toShopView(shop) }, { status: 201 });
});
