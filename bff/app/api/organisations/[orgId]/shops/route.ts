// POST /api/organisations/{orgId}/shops {ShopInput} → 201 { shop }: a new draft shop.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../server/handler';
import { shopsAs } from '../../../../../server/shop-client';
import { authorizeShopWrite, newShopBody, readBody, type ShopsParams } from '../../../../../server/shop-requests';
import { toShopFields, toShopView } from '../../../../../server/shop-views';

export const POST = handler<ShopsParams>(async (request, { params }) => {
  const { user, orgId } = await authorizeShopWrite(request, params);
  const body = await readBody(request, newShopBody);
  const { shop } = await shopsAs(user.id).createShop({ organisationId: orgId, fields: toShopFields(body) });
  return NextResponse.json({ shop: toShopView(shop) }, { status: 201 });
});
