// POST /api/organisations/{orgId}/orders/{orderId}/resend-confirmation { idempotencyKey } → { message, created }:
// the order's confirmation with its tickets goes to the order's address again ("orders.manage"). The same key again
// answers the same message without sending a second one (created: false). 409 when the order has no valid tickets
// (not paid yet, or canceled); 404 for another organisation's order.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../server/handler';
import { notificationsClientAs } from '../../../../../../../server/clients/notifications-client';
import { authorizeOrderWrite, type OrderParams, readBody } from '../../../../../../../server/orders/order-requests';
import { resendBody } from '../../../../../../../server/tickets/ticket-requests';
import { toOrderMessageView } from '../../../../../../../server/tickets/ticket-views';

export const POST = handler<OrderParams>(async (request, { params }) => {
  const { user, orgId, orderId } = await authorizeOrderWrite(request, params);
  const { idempotencyKey } = await readBody(request, resendBody);
  const answer = await notificationsClientAs(user.id).resendOrderConfirmation({
    organisationId: orgId,
    orderId,
    idempotencyKey,
  });
  if (!answer.message) throw new Error('notifications answered without a message');
  return NextResponse.json({ message: toOrderMessageView(answer.message), created: answer.created });
});
