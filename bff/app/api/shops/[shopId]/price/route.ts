// POST /api/shops/{shopId}/price {lines, discountCode, donationMinor} → what the cart costs (ordering's PriceCart,
// read-only): lines, discount with the code's verdict, donation, fee and total. Anonymous; nothing is reserved.
// Limited per client IP and shop like checkout (checkout-requests.ts), and codes that do not apply count as misses
// against the same budget as checkout's (discount-code-guesses.ts), so a code is guessed no faster here.
import { NextResponse } from 'next/server';
import { checkoutLimit, priceQuoteLimitKey } from '../../../../../server/shops/checkout-requests';
import { codeMissKey, countCodeMiss, requireCodeGuessesLeft } from '../../../../../server/shops/discount-code-guesses';
import { requireWithinRateLimit } from '../../../../../server/rate-limit-guard';
import { readBody } from '../../../../../server/request-body';
import { clientIp } from '../../../../../server/request-context';
import { handler } from '../../../../../server/handler';
import { requireRouteId } from '../../../../../server/http-problem';
import { orderingClient } from '../../../../../server/clients/ordering-client';
import { toPriceQuoteView } from '../../../../../server/shops/public-shop';
import { priceCartBody } from '../../../../../server/shops/public-shop-requests';

export const POST = handler<{ shopId: string }>(async (request, { config, params }) => {
  await requireWithinRateLimit(priceQuoteLimitKey(params.shopId, clientIp(request, config)), checkoutLimit());
  const shopId = requireRouteId('shp', params.shopId);
  const body = await readBody(request, priceCartBody);
  const misses = codeMissKey(shopId, clientIp(request, config));
  await requireCodeGuessesLeft(misses, body.discountCode);
  const answer = await orderingClient().priceCart({
    shopId,
    lines: body.lines,
    discountCode: body.discountCode,
    donationMinor: body.donationMinor,
  });
  if (body.discountCode.trim() !== '' && answer.discountStatus !== 'applied') await countCodeMiss(misses);
  return NextResponse.json({ quote: toPriceQuoteView(answer) });
});
