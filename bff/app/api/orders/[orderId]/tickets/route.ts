// GET /api/orders/{orderId}/tickets?locale= → {tickets}: a paid order's tickets for the guest's order page, which
// asks again until they are issued (empty before). Anonymous: the unguessable order id is the capability, and
// ticketing leaves the buyer's e-mail out. Never cached (handler sets no-store).
import { NextResponse } from 'next/server';
import { handler } from '../../../../../server/handler';
import { requireRouteId } from '../../../../../server/http-problem';
import { ticketLocale } from '../../../../../server/ticket-requests';
import { toGuestTicketView } from '../../../../../server/ticket-views';
import { ticketClient } from '../../../../../server/ticketing-client';

export const GET = handler<{ orderId: string }>(async (request, { params }) => {
  const orderId = requireRouteId('ord', params.orderId);
  const locale = ticketLocale(request.nextUrl.searchParams.get('locale'));
  const { tickets } = await ticketClient().listOrderTickets({ orderId, locale });
  return NextResponse.json({ tickets: tickets.map(toGuestTicketView) });
});
