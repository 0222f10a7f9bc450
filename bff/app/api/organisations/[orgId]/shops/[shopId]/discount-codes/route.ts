// POST /api/organisations/{orgId}/shops/{shopId}/discount-codes {DiscountCodeInput} → 201 { discountCode }
// (409 when the shop has the code already, in any case).
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../server/handler';
import { shopClientAs } from '../../../../../../../server/clients/shop-client';
import {
  authorizeShopWrite,
  discountCodeBody,
  readBody,
  type ShopParams,
} from '../../../../../../../server/shops/shop-requests';
import { toDiscountCodeFields, toDiscountCodeView } from '../../../../../../../server/shops/shop-views';

export const POST = handler<ShopParams>(async (request, { params }) => {
  const { user, orgId, shopId } = await authorizeShopWrite(request, params);
  const body = await readBody(request, discountCodeBody);
  const { discountCode } = await shopClientAs(user.id).createDiscountCode({
    organisationId: orgId,
    shopId,
    fields: toDiscountCodeFields(body),
  });
  return NextResponse.json({ discountCode: toDiscountCodeView(discountCode) }, { status: 201 });
});
