// GET /api/orders/{orderId} → {order}: the guest's view of one order, for the order page that follows it until it
// is final. Anonymous (the unguessable id is the capability); never cached (handler sets no-store).
import { NextResponse } from 'next/server';
import { handler } from '../../../../server/handler';
import { requireRouteId } from '../../../../server/http-problem';
import { orderClient } from '../../../../server/order-client';
import { toGuestOrderView } from '../../../../server/order-views';

export const GET = handler<{ orderId: string }>(async (_request, { params }) => {
  const orderId = requireRouteId('ord', params.orderId);
  const { order } = await orderClient().getGuestOrder({ orderId });
  return NextResponse.json({ order: toGuestOrderView(order) });
});
