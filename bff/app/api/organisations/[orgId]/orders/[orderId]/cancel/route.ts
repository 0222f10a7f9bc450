// POST /api/organisations/{orgId}/orders/{orderId}/cancel → { order }: a reserved or pending order is canceled and
// its tickets go back on sale (409 for a paid, expired or refunded order; canceling a canceled one returns it).
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../server/handler';
import { orderClientAs } from '../../../../../../../server/clients/order-client';
import { authorizeOrderWrite, type OrderParams } from '../../../../../../../server/orders/order-requests';
import { toOrderView } from '../../../../../../../server/orders/order-views';

export const POST = handler<OrderParams>(async (request, { params }) => {
  const { user, orgId, orderId } = await authorizeOrderWrite(request, params);
  const { order } = await orderClientAs(user.id).cancelOrder({ organisationId: orgId, orderId });
  return NextResponse.json({ order: toOrderView(order) });
});
