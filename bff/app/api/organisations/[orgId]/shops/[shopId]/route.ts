// PUT /api/organisations/{orgId}/shops/{shopId} {ShopInput} → { shop }: replaces the editable fields (not the currency).
// DELETE → { shop }: marks it deleted (hidden at once, removed for good after 14 days; removalAt says when).
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../server/handler';
import { shopClientAs } from '../../../../../../server/clients/shop-client';
import { authorizeShopWrite, readBody, shopBody, type ShopParams } from '../../../../../../server/shops/shop-requests';
import { toShopFields, toShopView } from '../../../../../../server/shops/shop-views';

export const PUT = handler<ShopParams>(async (request, { params }) => {
  const { user, orgId, shopId } = await authorizeShopWrite(request, params);
  const body = await readBody(request, shopBody);
  const { shop } = await shopClientAs(user.id).updateShop({
    organisationId: orgId,
    shopId,
    fields: toShopFields(body),
  });
  return NextResponse.json({ shop: toShopView(shop) });
});

export const DELETE = handler<ShopParams>(async (request, { params }) => {
  const { user, orgId, shopId } = await authorizeShopWrite(request, params);
  const { shop } = await shopClientAs(user.id).deleteShop({ organisationId: orgId, shopId });
  return NextResponse.json({ shop: toShopView(shop) });
});
