// POST /api/organisations/{orgId}/orders/{orderId}/cancel → { order }: a reserved or pending order is canceled and
// its tickets go back on sale (409 for a paid, expired or refunded order; canceling a canceled one returns it).
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../server/handler';
import { ordersAs } from '../../../../../../../server/order-client';
import { authorizeOrderWrite, type OrderParams } from '../../../../../../../server/order-requests';
import { toOrderView } from '../../../../../../../server/order-views';

export const POST = handler<OrderParams>(async (request, { params }) => {
  const { user, orgId, orderId } = await authorizeOrderWrite(request, params);
  const { order } = await ordersAs(user.id).cancelOrder({ organisationId: orgId, orderId });
  return NextResponse.json({ order: toOrderView(order) });
});
