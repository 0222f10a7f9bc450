// The Payments CSV: one row per attempt, money as decimals in its currency, the headings in both languages, the
// formula guard on what the provider wrote, and the file name.
import type { PaymentView } from '@kassa/web/lib/order-model';
import { messages } from '@kassa/web/messages';
import { paymentCsvHeader, paymentCsvRow, paymentsFileName } from '../../server/orders/payment-csv';

const payment: PaymentView = {
  id: 'pay_01jc5v3q8x0000000000000001',
  orderId: 'ord_01jc5v3q8x0000000000000001',
  orderNumber: 'K7F3-9QX2',
  provider: 'stripe',
  status: 'paid',
  amountMinor: 8698,
  currency: 'EUR',
  refundedMinor: 1250,
  providerReference: 'cs_test_a1',
  failureReason: '=cmd|/c calc',
  createdAt: '2031-07-01T10:00:00.000Z',
  updatedAt: '2031-07-01T10:00:05.000Z',
  testMode: true,
};

describe('the payments CSV', () => {
  it('has a localized heading row and one row per attempt, money as decimals, the provider text guarded', () => {
    expect(paymentCsvHeader(messages.en.Payments.csv)).toBe(
      'Created at (UTC),Last change (UTC),Order number,Provider,Status,Currency,Amount,Refunded,Provider reference,' +
        'Failure reason,Test mode,Payment ID,Order ID\r\n',
    );
    expect(paymentCsvHeader(messages.nl.Payments.csv)).toMatch(/^Aangemaakt \(UTC\),Laatst gewijzigd \(UTC\),/);
    expect(paymentCsvRow(payment, messages.en.Payments.csv)).toBe(
      '2031-07-01T10:00:00.000Z,2031-07-01T10:00:05.000Z,K7F3-9QX2,stripe,paid,EUR,86.98,12.50,cs_test_a1,' +
        "'=cmd|/c calc,yes,pay_01jc5v3q8x0000000000000001,ord_01jc5v3q8x0000000000000001\r\n",
    );
    expect(
      paymentCsvRow({ ...payment, currency: 'JPY', amountMinor: 700, testMode: false }, messages.nl.Payments.csv),
    ).toContain(',JPY,700,1250,');
    expect(paymentCsvRow({ ...payment, testMode: false }, messages.nl.Payments.csv)).toContain(',nee,pay_');
  });

  it('is named after the organisation, or its id when nothing of the name is left', () => {
    expect(paymentsFileName('Harbour Nights!', 'org_1')).toBe('payments-harbour-nights.csv');
    expect(paymentsFileName('???', 'org_1')).toBe('payments-org_1.csv');
  });
});
