// GET /api/orders/{orderId}/tickets?key={accessKey}&locale= → {tickets}: a paid order's tickets for the guest's order
// page, which asks again until they are issued (empty before). Anonymous: the order's access key is the capability
// (ticketing checks it and answers the same empty list for a wrong one), and ticketing leaves the buyer's e-mail
// out. Limited per client address; never cached (handler sets no-store).
import { NextResponse } from 'next/server';
import { requireAccessKey, requireGuestReadAllowed } from '../../../../../server/orders/guest-access';
import { handler } from '../../../../../server/handler';
import { requireRouteId } from '../../../../../server/http-problem';
import { ticketLocale } from '../../../../../server/tickets/ticket-requests';
import { toGuestTicketView } from '../../../../../server/tickets/ticket-views';
import { ticketClient } from '../../../../../server/clients/ticket-client';

export const GET = handler<{ orderId: string }>(async (request, { config, params }) => {
  await requireGuestReadAllowed(request, config);
  const orderId = requireRouteId('ord', params.orderId);
  const orderAccessKey = requireAccessKey(request);
  const locale = ticketLocale(request.nextUrl.searchParams.get('locale'));
  const { tickets } = await ticketClient().listOrderTickets({ orderId, locale, orderAccessKey });
  return NextResponse.json({ tickets: tickets.map(toGuestTicketView) });
});
