// POST /api/shops/{shopId}/checkout {items: [{itemId, quantity}], subscribe, email, discountCode, donationMinor,
// idempotencyKey, locale} → {orderId, status, redirectUrl}. Anonymous (a password-protected shop's access cookie is
// sent along). ordering places the order (reserving every quota in one transaction); for a total above zero the BFF
// then starts a payment attempt and sends the guest to the provider, otherwise (a free order, paid at once) to the
// order page. Checks in order: CSRF (handler) → rate limit per IP and shop → ids → body → ordering → payments.
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import { NextResponse } from 'next/server';
import {
  CHECKOUT_BODY_LIMIT_BYTES,
  checkoutBody,
  checkoutLimit,
  checkoutLimitKey,
  checkoutPaymentKey,
  readCheckedBody,
  renameLineFields,
} from '../../../../../server/shops/checkout-requests';
import { codeMissKey, countCodeMiss, requireCodeGuessesLeft } from '../../../../../server/shops/discount-code-guesses';
import { errorToHttp } from '../../../../../server/clients/grpc-errors';
import { orderPagePath, startPayment } from '../../../../../server/orders/guest-order';
import { logger } from '../../../../../server/logger';
import { toGuestOrderView } from '../../../../../server/orders/order-views';
import { handler } from '../../../../../server/handler';
import { HttpProblem, requireRouteId } from '../../../../../server/http-problem';
import { orderClient } from '../../../../../server/clients/order-client';
import { requireWithinRateLimit } from '../../../../../server/rate-limit-guard';
import { appOrigin, clientIp } from '../../../../../server/request-context';
import { readShopAccessToken } from '../../../../../server/shops/shop-access';

export const POST = handler<{ shopId: string }>(async (request, { config, params }) => {
  await requireWithinRateLimit(checkoutLimitKey(params.shopId, clientIp(request, config)), checkoutLimit());
  const shopId = requireRouteId('shp', params.shopId);
  const body = await readCheckedBody(request, checkoutBody, CHECKOUT_BODY_LIMIT_BYTES);
  const misses = codeMissKey(shopId, clientIp(request, config));
  await requireCodeGuessesLeft(misses, body.discountCode);

  let placed;
  try {
    placed = await orderClient().checkout({
      shopId,
      lines: body.items,
      email: body.email,
      discountCode: body.discountCode,
      donationMinor: body.donationMinor,
      subscribe: body.subscribe,
      idempotencyKey: body.idempotencyKey,
      accessToken: readShopAccessToken(request.cookies, shopId),
      locale: body.locale,
      // ordering caps the tickets one client address holds unpaid per event. Only behind a proxy we trust is the
      // address the guest's: otherwise every guest would look alike and share one cap.
      clientAddress: config.trustProxy ? clientIp(request, config) : '',
    });
  } catch (error) {
    if (isGrpcCallError(error) && error.code === status.INVALID_ARGUMENT) {
      const mapped = errorToHttp(error);
      if (mapped.body.fields?.discountCode) await countCodeMiss(misses);
      throw new HttpProblem(mapped.status, { ...mapped.body, fields: renameLineFields(mapped.body.fields) });
    }
    throw error;
  }

  const order = toGuestOrderView(placed.order);
  const answered = (redirectUrl: string) =>
    NextResponse.json(
      { orderId: order.id, accessKey: order.accessKey, status: order.status, redirectUrl },
      { status: placed.created ? 201 : 200 },
    );
  // Free orders are paid at once; an order that cannot take a payment now has nothing to pay: the order page says why.
  if (order.status === 'paid' || order.totalMinor === 0 || !order.payable)
    return answered(orderPagePath(order, body.locale));
  try {
    const payment = await startPayment(
      order,
      checkoutPaymentKey(shopId, body.idempotencyKey),
      appOrigin(request, config),
      body.locale,
      placed.payableOrderAttestation,
    );
    return answered(payment.redirectUrl);
  } catch (error) {
    // The order is placed and held: the guest must learn its id, so the order page can offer Retry payment.
    logger.error(
      { err: error, call: 'CreatePayment', orderId: order.id, shopId },
      'no payment started after checkout; the order page offers Retry payment',
    );
    return answered(orderPagePath(order, body.locale, 'error'));
  }
});
