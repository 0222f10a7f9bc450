// PUT /api/organisations/{orgId}/shops/{shopId}/discount-codes/{discountCodeId} {DiscountCodeInput} → { discountCode }.
// DELETE → { ok: true }. A code that is not (or no longer) the shop's answers 404.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../../server/handler';
import { HttpProblem, NOT_FOUND_MESSAGE } from '../../../../../../../../server/http-problem';
import { shopClientAs } from '../../../../../../../../server/clients/shop-client';
import {
  authorizeShopWrite,
  discountCodeBody,
  readBody,
  type DiscountCodeParams,
  type ShopWrite,
} from '../../../../../../../../server/shops/shop-requests';
import { toDiscountCodeFields, toDiscountCodeView } from '../../../../../../../../server/shops/shop-views';

async function requireCodeOfShop({ user, orgId, shopId, discountCodeId }: ShopWrite): Promise<void> {
  const { discountCodes } = await shopClientAs(user.id).listDiscountCodes({ organisationId: orgId, shopId });
  if (!discountCodes.some((code) => code.id === discountCodeId))
    throw new HttpProblem(404, { message: NOT_FOUND_MESSAGE });
}

export const PUT = handler<DiscountCodeParams>(async (request, { params }) => {
  const write = await authorizeShopWrite(request, params);
  const body = await readBody(request, discountCodeBody);
  await requireCodeOfShop(write);
  const { discountCode } = await shopClientAs(write.user.id).updateDiscountCode({
    organisationId: write.orgId,
    shopId: write.shopId,
    discountCodeId: write.discountCodeId,
    fields: toDiscountCodeFields(body),
  });
  return NextResponse.json({ discountCode: toDiscountCodeView(discountCode) });
});

export const DELETE = handler<DiscountCodeParams>(async (request, { params }) => {
  const write = await authorizeShopWrite(request, params);
  await requireCodeOfShop(write);
  await shopClientAs(write.user.id).deleteDiscountCode({
    organisationId: write.orgId,
    shopId: write.shopId,
    discountCodeId: write.discountCodeId,
  });
  return NextResponse.json({ ok: true });
});
