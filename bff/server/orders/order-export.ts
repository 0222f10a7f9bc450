// The Orders CSV export: every page of ListOrders (100 a page, the platform's most) for the list's search and
// filters, streamed as CSV (bff/server/csv.ts) while ordering answers the next page; each order's shop named from
// catalog's list, asked once before the first row.
import type { Locale } from '@kassa/contracts/locales';
import { messages } from '@kassa/web/messages';
import { orderClientAs } from '../clients/order-client';
import { csvStream } from '../csv';
import { orderCsvHeader, type OrderCsvLabels, orderCsvRow } from './order-csv';
import type { OrderListQuery } from './order-pages';
import { loadShopNames } from './order-pages';
import { toOrderView } from './order-views';

export const ORDERS_EXPORT_PAGE_SIZE = 100;

/** The export's headings and yes/no in English or Dutch (the organiser's language, as the page asked for it). */
export function orderCsvLabels(locale: Locale): OrderCsvLabels {
  return messages[locale].Orders.csv;
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
