// POST /api/organisations/{orgId}/shops/{shopId}/convert-to-draft → { shop }: public → draft.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../server/handler';
import { shopClientAs } from '../../../../../../../server/clients/shop-client';
import { authorizeShopWrite, type ShopParams } from '../../../../../../../server/shops/shop-requests';
import { toShopView } from '../../../../../../../server/shops/shop-views';

export const POST = handler<ShopParams>(async (request, { params }) => {
  const { user, orgId, shopId } = await authorizeShopWrite(request, params);
  const { shop } = await shopClientAs(user.id).convertShopToDraft({ organisationId: orgId, shopId });
  return NextResponse.json({ shop: toShopView(shop) });
});
