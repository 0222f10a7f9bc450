// The Orders export's columns, for the organiser's accountant: one row per order with its money as decimal amounts
// in the order's currency ("25.00", never a float: the minor units are split as text) and moments as ISO 8601 in UTC.
// bff/server/csv.ts writes them as RFC 4180 with the formula guard.
import type { OrderView } from '@kassa/web/lib/order-model';
import { currencyDigits } from '@kassa/web/lib/money-input';
import { csvRow, fileNameSlug } from '../csv';

/** The column headings in the reader's language, and the words for the opt-in column. */
export interface OrderCsvLabels {
  number: string;
  status: string;
  createdAt: string;
  paidAt: string;
  email: string;
  subscribed: string;
  shop: string;
  tickets: string;
  currency: string;
  subtotal: string;
  discount: string;
  discountCode: string;
  donation: string;
  fee: string;
  total: string;
  refunded: string;
  orderId: string;
  yes: string;
  no: string;
}

/** Minor units as a decimal amount with the currency's digits: 2550 EUR → "25.50", -5 EUR → "-0.05", 700 JPY → "700". */
export function decimalAmount(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

export function orderCsvHeader(labels: OrderCsvLabels): string {
  return csvRow([
    labels.number,
    labels.status,
    labels.createdAt,
    labels.paidAt,
    labels.email,
    labels.subscribed,
    labels.shop,
    labels.tickets,
    labels.currency,
    labels.subtotal,
    labels.discount,
    labels.discountCode,
    labels.donation,
    labels.fee,
    labels.total,
    labels.refunded,
    labels.orderId,
  ]);
}

/** One order; `shopName` names its shop ('' when unknown). The status is the spec's word, as everywhere in Kassa's data. */
export function orderCsvRow(order: OrderView, shopName: string, labels: Pick<OrderCsvLabels, 'yes' | 'no'>): string {
  const { money } = order;
  const amount = (minor: number) => decimalAmount(minor, money.currency);
  return csvRow([
    order.number,
    order.status,
    order.createdAt,
    order.paidAt,
    order.email,
    order.subscribe ? labels.yes : labels.no,
    shopName,
    order.ticketCount,
    money.currency,
    amount(money.subtotalMinor),
    amount(money.discountMinor),
    order.discountCode,
    amount(money.donationMinor),
    amount(money.feeMinor),
    amount(money.totalMinor),
    amount(money.refundedMinor),
    order.id,
  ]);
}

/** "orders-<organisation>.csv", or the organisation's id when nothing of its name is left. */
export function ordersFileName(organisationName: string, organisationId: string): string {
  return `orders-${fileNameSlug(organisationName) || organisationId}.csv`;
}
