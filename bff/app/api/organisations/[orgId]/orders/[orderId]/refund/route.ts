// POST /api/organisations/{orgId}/orders/{orderId}/refund { full, amountMinor?, idempotencyKey } → { order, refund }:
// a paid order refunded in full (it is canceled once payments confirms) or in part. Recorded at once as requested;
// the same idempotency key again answers the same refund. 400 for an amount above what is left, 409 when not paid.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../server/handler';
import { orderClientAs } from '../../../../../../../server/clients/order-client';
import {
  authorizeOrderWrite,
  type OrderParams,
  readBody,
  refundBody,
} from '../../../../../../../server/orders/order-requests';
import { toOrderRefundView, toOrderView } from '../../../../../../../server/orders/order-views';

export const POST = handler<OrderParams>(async (request, { params }) => {
  const { user, orgId, orderId } = await authorizeOrderWrite(request, params);
  const body = await readBody(request, refundBody);
  const { order, refund } = await orderClientAs(user.id).refundOrder({
    organisationId: orgId,
    orderId,
    full: body.full,
    amountMinor: body.full ? 0 : body.amountMinor!,
    idempotencyKey: body.idempotencyKey,
  });
  return NextResponse.json({ order: toOrderView(order), refund: refund ? toOrderRefundView(refund) : null });
});
