// POST /api/shops/{shopId}/access {password} → 200 with an HttpOnly cookie holding catalog's access token for this
// shop, 403 for a wrong password, 429 after too many attempts from one address for one shop. Anonymous.
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import { NextResponse } from 'next/server';
import { readBody } from '../../../../../server/request-body';
import { handler, setCookie } from '../../../../../server/handler';
import { requireRouteId } from '../../../../../server/http-problem';
import { shopAccessBody, WRONG_PASSWORD_MESSAGE } from '../../../../../server/shops/public-shop-requests';
import { SHOP_PASSWORD_LIMIT } from '../../../../../server/rate-limit';
import { requireWithinRateLimit } from '../../../../../server/rate-limit-guard';
import { clientIp, isSecureRequest } from '../../../../../server/request-context';
import { shopAccessCookie } from '../../../../../server/shops/shop-access';
import { shopClient } from '../../../../../server/clients/shop-client';

export const POST = handler<{ shopId: string }>(async (request, { config, params }) => {
  const shopId = requireRouteId('shp', params.shopId);
  const { password } = await readBody(request, shopAccessBody);
  await requireWithinRateLimit(`shop-password:${shopId}:${clientIp(request, config)}`, SHOP_PASSWORD_LIMIT);
  try {
    const { accessToken } = await shopClient().getPublicShop({ shopId, locale: 'en', password, accessToken: '' });
    const response = NextResponse.json({ ok: true });
    // A shop without a password answers no token: nothing to remember, the page opens anyway.
    return accessToken
      ? setCookie(response, shopAccessCookie(shopId, accessToken, isSecureRequest(request, config)))
      : response;
  } catch (error) {
    if (isGrpcCallError(error) && error.code === status.PERMISSION_DENIED)
      return NextResponse.json({ message: WRONG_PASSWORD_MESSAGE }, { status: 403 });
    throw error;
  }
});
