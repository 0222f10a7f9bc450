// POST /api/shops/{shopId}/price {lines, discountCode, donationMinor} → what the cart costs (ordering's PriceCart,
// read-only): lines, discount with the code's verdict, donation, fee and total. Anonymous; nothing is reserved.
import { NextResponse } from 'next/server';
import { readBody } from '../../../../../server/request-body';
import { handler } from '../../../../../server/handler';
import { requireRouteId } from '../../../../../server/http-problem';
import { orderingClient } from '../../../../../server/ordering-client';
import { toPriceQuoteView } from '../../../../../server/public-shop';
import { priceCartBody } from '../../../../../server/public-shop-requests';

export const POST = handler<{ shopId: string }>(async (request, { params }) => {
  const shopId = requireRouteId('shp', params.shopId);
  const body = await readBody(request, priceCartBody);
  const answer = await orderingClient().priceCart({ shopId, lines: body.lines, discountCode: body.discountCode, donationMinor: body.donationMinor });
  return NextResponse.json({ quote: toPriceQuoteView(answer) });
});
