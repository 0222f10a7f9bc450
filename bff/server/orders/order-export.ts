// The Orders and Payments CSV exports: every page of ListOrders / ListPayments (100 a page, the platform's most) for
// the list's search and filters, streamed as CSV (bff/server/csv.ts) while the service answers the next page; each
// order's shop named from catalog's list, asked once before the first row.
import type { Locale } from '@kassa/contracts/locales';
import { messages } from '@kassa/web/messages';
import { orderClientAs } from '../clients/order-client';
import { paymentClientAs } from '../clients/payment-client';
import { csvStream } from '../csv';
import { orderCsvHeader, type OrderCsvLabels, orderCsvRow } from './order-csv';
import type { OrderListQuery } from './order-pages';
import { loadShopNames } from './order-pages';
import { toOrderView, toPaymentView } from './order-views';
import { type OptInCsvLabels, optInCsvHeader, optInCsvRow, type OptInQuery } from './opt-in-csv';
import { paymentCsvHeader, type PaymentCsvLabels, paymentCsvRow } from './payment-csv';

export const ORDERS_EXPORT_PAGE_SIZE = 100;

/** The export's headings and yes/no in English or Dutch (the organiser's language, as the page asked for it). */
export function orderCsvLabels(locale: Locale): OrderCsvLabels {
  return messages[locale].Orders.csv;
}

export function paymentCsvLabels(locale: Locale): PaymentCsvLabels {
  return messages[locale].Payments.csv;
}

export function optInCsvLabels(locale: Locale): OptInCsvLabels {
  return messages[locale].Orders.optInsCsv;
}

export async function ordersCsvStream(
  userId: string,
  orgId: string,
  query: Pick<OrderListQuery, 'q' | 'status' | 'shop'>,
  labels: OrderCsvLabels,
): Promise<ReadableStream<Uint8Array>> {
  const orders = orderClientAs(userId);
  const shopNames = new Map((await loadShopNames(userId, orgId)).map((shop) => [shop.id, shop.name]));
  return csvStream(
    'ListOrders',
    async (pageToken) => {
      const answer = await orders.listOrders({
        organisationId: orgId,
        shopId: query.shop,
        query: query.q,
        statuses: query.status ? [query.status] : [],
        page: { pageSize: ORDERS_EXPORT_PAGE_SIZE, pageToken },
      });
      return { rows: answer.orders.map(toOrderView), nextPageToken: answer.page?.nextPageToken ?? '' };
    },
    orderCsvHeader(labels),
    (order) => orderCsvRow(order, shopNames.get(order.shopId) ?? '', labels),
  );
}

/** Every payment attempt of the organisation (with the Payments list's status filter), newest first. */
export async function paymentsCsvStream(
  userId: string,
  orgId: string,
  status: string,
  labels: PaymentCsvLabels,
): Promise<ReadableStream<Uint8Array>> {
  const payments = paymentClientAs(userId);
  return csvStream(
    'ListPayments',
    async (pageToken) => {
      const answer = await payments.listPayments({
        organisationId: orgId,
        orderId: '',
        statuses: status ? [status] : [],
        page: { pageSize: ORDERS_EXPORT_PAGE_SIZE, pageToken },
      });
      return { rows: answer.payments.map(toPaymentView), nextPageToken: answer.page?.nextPageToken ?? '' };
    },
    paymentCsvHeader(labels),
    (payment) => paymentCsvRow(payment, labels),
  );
}

/** Every guest who opted in to the organisation's mailings with a paid order (for one event, paid within days). */
export async function optInsCsvStream(
  userId: string,
  orgId: string,
  query: OptInQuery,
  labels: OptInCsvLabels,
): Promise<ReadableStream<Uint8Array>> {
  const orders = orderClientAs(userId);
  return csvStream(
    'ListOptIns',
    async (pageToken) => {
      const answer = await orders.listOptIns({
        organisationId: orgId,
        eventId: query.eventId,
        paidFrom: query.paidFrom,
        paidUntil: query.paidUntil,
        page: { pageSize: ORDERS_EXPORT_PAGE_SIZE, pageToken },
      });
      return { rows: answer.optIns, nextPageToken: answer.page?.nextPageToken ?? '' };
    },
    optInCsvHeader(labels),
    optInCsvRow,
  );
}
