// What the ticket pages read from ticketing (and notifications, for the organiser's order page), mapped in
// ticket-views.ts. Guests' calls are anonymous: the ticket's and the order's access keys are the capability, so
// nothing here is cached or shared between visitors beyond one request.
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import type { OrderMessageView } from '@kassa/web/features/orders/order-messages';
import type { GuestTicketView, OrderTicketView, TicketPageView } from '@kassa/web/features/tickets/ticket-model';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { logger } from '../logger';
import { notificationsClientAs } from '../clients/notifications-client';
import { isPrefixedId } from '../site/page-validity';
import { ticketQrSvg } from './ticket-qr';
import { toGuestTicketView, toOrderMessageView, toOrderTicketView, toTicketPageView } from './ticket-views';
import { ticketClient, ticketClientAs } from '../clients/ticket-client';

const isMissing = (error: unknown) =>
  isGrpcCallError(error) && (error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT);

/**
 * The ticket's public page, or the 404 page (malformed or unknown id, missing or wrong key). Asked once per request
 * (metadata and page share it).
 */
export const loadTicketPage = cache(
  async (ticketId: string, accessKey: string, locale: string): Promise<TicketPageView> => {
    if (!isPrefixedId('tkt', ticketId) || !accessKey) notFound();
    try {
      const { ticket } = await ticketClient().getTicket({ ticketId, locale, accessKey });
      return toTicketPageView(ticket, await ticketQrSvg(ticket?.code ?? ''));
    } catch (error) {
      if (isMissing(error)) notFound();
      throw error;
    }
  },
);

/**
 * The tickets of a paid order for the guest's order page. Tickets are a courtesy beside the order's outcome: an
 * unreachable ticketing must not take the order page down, so a failure counts as "not issued yet" and the page
 * asks again from the browser.
 */
export async function loadGuestOrderTickets(
  order: { id: string; accessKey: string },
  locale: string,
): Promise<GuestTicketView[]> {
  const orderId = order.id;
  try {
    const { tickets } = await ticketClient().listOrderTickets({ orderId, locale, orderAccessKey: order.accessKey });
    return tickets.map(toGuestTicketView);
  } catch (error) {
    logger.error(
      { err: error, call: 'ListOrderTickets', orderId },
      "the order's tickets could not be read; the guest's page asks again from the browser",
    );
    return [];
  }
}

/**
 * A section of the organiser's order page from another service: its rows, or null (logged with `what`) when that
 * service could not answer.
 */
async function orUnavailable<T>(what: { call: string; orderId: string }, call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    logger.error({ err: error, ...what }, "a section of the organiser's order page could not be read");
    return null;
  }
}

export interface OrderTicketsAndMessages {
  tickets: OrderTicketView[] | null;
  messages: OrderMessageView[] | null;
}

/**
 * The order's tickets (ticketing) and the e-mails sent about it (notifications), for the organiser's order page.
 * The order itself comes from ordering and decides whether the page exists; these two sections say "could not be
 * loaded" on their own when their service is away, instead of failing the whole page.
 */
export async function loadOrderTicketsAndMessages(
  userId: string,
  orgId: string,
  orderId: string,
): Promise<OrderTicketsAndMessages> {
  const [tickets, messages] = await Promise.all([
    orUnavailable(
      { call: 'ListTicketsOfOrder', orderId },
      ticketClientAs(userId)
        .listTicketsOfOrder({ organisationId: orgId, orderId })
        .then((answer) => answer.tickets.map(toOrderTicketView)),
    ),
    orUnavailable(
      { call: 'ListOrderMessages', orderId },
      notificationsClientAs(userId)
        .listOrderMessages({ organisationId: orgId, orderId })
        .then((answer) => answer.messages.map(toOrderMessageView)),
    ),
  ]);
  return { tickets, messages };
}
