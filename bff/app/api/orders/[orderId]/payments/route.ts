// POST /api/orders/{orderId}/payments?key={accessKey} {idempotencyKey, locale} → {paymentId, redirectUrl}: Retry
// payment, a new attempt with a key the browser made for this attempt (the same key again finds the same attempt),
// for a held order or one whose hold ran out and whose tickets can be held again. Anonymous: the order's access key
// is the capability (ordering and payments check it; 404 otherwise). 409 when the order cannot be paid now (paid,
// canceled, free, or expired with its tickets gone).
// Checks in order: CSRF (handler) → rate limit per IP → id → access key → body → payments.
import { NextResponse } from 'next/server';
import {
  PAYMENT_START_LIMIT,
  readCheckedBody,
  retryPaymentBody,
  SMALL_BODY_LIMIT_BYTES,
} from '../../../../../server/shops/checkout-requests';
import { requireAccessKey } from '../../../../../server/orders/guest-access';
import { retryPayment } from '../../../../../server/orders/guest-order';
import { handler } from '../../../../../server/handler';
import { requireRouteId } from '../../../../../server/http-problem';
import { requireWithinRateLimit } from '../../../../../server/rate-limit-guard';
import { appOrigin, clientIp } from '../../../../../server/request-context';

export const POST = handler<{ orderId: string }>(async (request, { config, params }) => {
  await requireWithinRateLimit(`payment-start:${clientIp(request, config)}`, PAYMENT_START_LIMIT);
  const orderId = requireRouteId('ord', params.orderId);
  const accessKey = requireAccessKey(request);
  const body = await readCheckedBody(request, retryPaymentBody, SMALL_BODY_LIMIT_BYTES);
  const payment = await retryPayment(
    { id: orderId, accessKey },
    body.idempotencyKey,
    appOrigin(request, config),
    body.locale,
  );
  return NextResponse.json(payment, { status: 201 });
});
