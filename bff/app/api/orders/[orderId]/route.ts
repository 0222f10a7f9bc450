// GET /api/orders/{orderId}?key={accessKey} → {order}: the guest's view of one order, for the order page that follows
// it until it is final. Anonymous: the order's access key is the capability (ordering checks it; a missing or wrong
// key is 404 like an unknown order). Limited per client address; never cached (handler sets no-store).
import { NextResponse } from 'next/server';
import { requireAccessKey, requireGuestReadAllowed } from '../../../../server/orders/guest-access';
import { handler } from '../../../../server/handler';
import { requireRouteId } from '../../../../server/http-problem';
import { orderClient } from '../../../../server/clients/order-client';
import { toGuestOrderView } from '../../../../server/orders/order-views';

export const GET = handler<{ orderId: string }>(async (request, { config, params }) => {
  await requireGuestReadAllowed(request, config);
  const orderId = requireRouteId('ord', params.orderId);
  const accessKey = requireAccessKey(request);
  const { order } = await orderClient().getGuestOrder({ orderId, accessKey });
  return NextResponse.json({ order: toGuestOrderView(order) });
});
