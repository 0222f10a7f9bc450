// POST /api/organisations/{orgId}/shops/{shopId}/publish → { shop }: draft → public (409 when it cannot be).
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../server/handler';
import { shopsAs } from '../../../../../../../server/shop-client';
import { authorizeShopWrite, type ShopParams } from '../../../../../../../server/shop-requests';
import { toShopView } from '../../../../../../../server/shop-views';

export const POST = handler<ShopParams>(async (request, { params }) => {
  const { user, orgId, shopId } = await authorizeShopWrite(request, params);
  const { shop } = await shopsAs(user.id).publishShop({ organisationId: orgId, shopId });
  return NextResponse.json({ shop: toShopView(shop) });
});
