// The Payments export's columns, for the organiser's accountant: one row per payment attempt with its money as a
// decimal amount in its currency and moments as ISO 8601 in UTC, as the Orders export writes them; the status is the
// spec's word. bff/server/csv.ts writes them as RFC 4180 with the formula guard.
import type { PaymentView } from '@kassa/web/lib/order-model';
import { csvRow, fileNameSlug } from '../csv';
import { decimalAmount } from './order-csv';

/** The column headings in the reader's language, and the words for the test-mode column. */
export interface PaymentCsvLabels {
  createdAt: string;
  updatedAt: string;
  orderNumber: string;
  provider: string;
  status: string;
  currency: string;
  amount: string;
  refunded: string;
  reference: string;
  failureReason: string;
  testMode: string;
  paymentId: string;
  orderId: string;
  yes: string;
  no: string;
}

export function paymentCsvHeader(labels: PaymentCsvLabels): string {
  return csvRow([
    labels.createdAt,
    labels.updatedAt,
    labels.orderNumber,
    labels.provider,
    labels.status,
    labels.currency,
    labels.amount,
    labels.refunded,
    labels.reference,
    labels.failureReason,
    labels.testMode,
    labels.paymentId,
    labels.orderId,
  ]);
}

export function paymentCsvRow(payment: PaymentView, labels: Pick<PaymentCsvLabels, 'yes' | 'no'>): string {
  return csvRow([
    payment.createdAt,
    payment.updatedAt,
    payment.orderNumber,
    payment.provider,
    payment.status,
    payment.currency,
    decimalAmount(payment.amountMinor, payment.currency),
    decimalAmount(payment.refundedMinor, payment.currency),
    payment.providerReference,
    payment.failureReason,
    payment.testMode ? labels.yes : labels.no,
    payment.id,
    payment.orderId,
  ]);
}

/** "payments-<organisation>.csv", or the organisation's id when nothing of its name is left. */
export function paymentsFileName(organisationName: string, organisationId: string): string {
  return `payments-${fileNameSlug(organisationName) || organisationId}.csv`;
}
