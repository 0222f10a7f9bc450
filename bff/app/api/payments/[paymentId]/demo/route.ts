// POST /api/payments/{paymentId}/demo?key={orderAccessKey} {action: 'pay'|'fail'|'abandon', locale} → {orderId, redirectUrl}: the guest's
// choice on the demo provider's test-mode page, applied by payments like a provider event (once; a repeated choice
// changes nothing). The guest then goes to the order page: after "fail" it says the payment was aborted, after
// "abandon" the attempt stays open and the order page offers to pay. Anonymous: the order's access key is the
// capability (payments checks it; 404 otherwise).
// Checks in order: CSRF (handler) → rate limit per IP → id → access key → body → payments.
import { NextResponse } from 'next/server';
import {
  DEMO_PAYMENT_LIMIT,
  demoPaymentBody,
  readCheckedBody,
  SMALL_BODY_LIMIT_BYTES,
} from '../../../../../server/shops/checkout-requests';
import { requireAccessKey } from '../../../../../server/orders/guest-access';
import { orderPagePath } from '../../../../../server/orders/guest-order';
import { handler } from '../../../../../server/handler';
import { requireRouteId } from '../../../../../server/http-problem';
import { paymentClient } from '../../../../../server/clients/payment-client';
import { requireWithinRateLimit } from '../../../../../server/rate-limit-guard';
import { clientIp } from '../../../../../server/request-context';

export const POST = handler<{ paymentId: string }>(async (request, { config, params }) => {
  await requireWithinRateLimit(`demo-payment:${clientIp(request, config)}`, DEMO_PAYMENT_LIMIT);
  const paymentId = requireRouteId('pay', params.paymentId);
  const orderAccessKey = requireAccessKey(request);
  const { action, locale } = await readCheckedBody(request, demoPaymentBody, SMALL_BODY_LIMIT_BYTES);
  const { payment } = await paymentClient().completeDemoPayment({ paymentId, action, orderAccessKey });
  if (!payment) throw new Error('payments answered without a payment');
  const orderId = payment.orderId;
  return NextResponse.json({
    orderId,
    redirectUrl: orderPagePath({ id: orderId, accessKey: orderAccessKey }, locale, action === 'fail' ? 'failed' : ''),
  });
});
