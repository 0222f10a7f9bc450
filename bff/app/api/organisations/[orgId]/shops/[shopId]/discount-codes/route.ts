// POST /api/organisations/{orgId}/shops/{shopId}/discount-codes {DiscountCodeInput} → 201 { discountCode }
// (409 when the shop has the code already, in any case).
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../server/handler';
import { shopsAs } from '../../../../../../../server/shop-client';
import { authorizeShopWrite, discountCodeBody, readBody, type ShopParams } from '../../../../../../../server/shop-requests';
import { toDiscountCodeFields, toDiscountCodeView } from '../../../../../../../server/shop-views';

export const POST = handler<ShopParams>(async (request, { params }) => {
  const { user, orgId, shopId } = await authorizeShopWrite(request, params);
  const body = await readBody(request, discountCodeBody);
  const { discountCode } = await shopsAs(user.id).createDiscountCode({ organisationId: orgId, shopId, fields: toDiscountCodeFields(body) });
  return NextResponse.json({ discountCode: toDiscountCodeView(discountCode) }, { status: 201 });
});
