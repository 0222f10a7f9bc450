// POST /api/organisations/{orgId}/shops/{shopId}/convert-to-draft → { shop }: public → draft.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../server/handler';
import { shopsAs } from '../../../../../../../server/shop-client';
import { authorizeShopWrite, type ShopParams } from '../../../../../../../server/shop-requests';
import { toShopView } from '../../../../../../../server/shop-views';

export const POST = handler<ShopParams>(async (request, { params }) => {
  const { user, orgId, shopId } = await authorizeShopWrite(request, params);
  const { shop } = await shopsAs(user.id).convertShopToDraft({ organisationId: orgId, shopId });
  return NextResponse.json({ shop: toShopView(shop) });
});
