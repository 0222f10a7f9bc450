// The Orders CSV: decimal amounts from minor units without floats, the columns in both languages, the formula guard
// on what guests typed, and the file name.
import type { OrderView } from '@kassa/web/lib/order-model';
import { messages } from '@kassa/web/messages';
import { decimalAmount, orderCsvHeader, orderCsvRow, ordersFileName } from '../../server/orders/order-csv';

const order: OrderView = {
  id: 'ord_01jc5v3q8x0000000000000001',
  number: 'K7F3-9QX2',
  organisationId: 'org_01jc5v3q8x0000000000000001',
  shopId: 'shp_01jc5v3q8x0000000000000001',
  status: 'paid',
  lines: [],
  money: {
    currency: 'EUR',
    subtotalMinor: 9000,
    discountMinor: 900,
    donationMinor: 500,
    feeMinor: 98,
    totalMinor: 8698,
    refundedMinor: 1250,
  },
  email: '=HYPERLINK("x")@example.test',
  subscribe: true,
  discountCode: 'HARBOUR10',
  expiresAt: '',
  paidAt: '2031-07-01T10:00:05.000Z',
  createdAt: '2031-07-01T10:00:00.000Z',
  updatedAt: '2031-07-01T10:00:05.000Z',
  outcome: '',
  locale: 'en',
  ticketCount: 2,
};

describe('decimalAmount', () => {
  it.each([
    [2550, 'EUR', '25.50'],
    [5, 'EUR', '0.05'],
    [0, 'EUR', '0.00'],
    [-5, 'EUR', '-0.05'],
    [700, 'JPY', '700'],
    [1234, 'KWD', '1.234'],
    [9_007_199_254_740_991, 'EUR', '90071992547409.91'],
  ])('%i minor units of %s read %s', (minor, currency, expected) => {
    expect(decimalAmount(minor, currency)).toBe(expected);
  });
});

describe('the orders CSV', () => {
  it('has a localized heading row and one row per order, money as decimals, the guest-typed e-mail guarded', () => {
    expect(orderCsvHeader(messages.nl.Orders.csv)).toBe(
      'Bestelnummer,Status,Geplaatst op (UTC),Betaald op (UTC),E-mail,Aanmelding mailings,Shop,Tickets,Valuta,' +
        'Subtotaal,Korting,Kortingscode,Donatie,Transactiekosten,Totaal,Terugbetaald,Bestel-ID\r\n',
    );
    expect(orderCsvRow(order, 'Harbour, Weekend', messages.en.Orders.csv)).toBe(
      'K7F3-9QX2,paid,2031-07-01T10:00:00.000Z,2031-07-01T10:00:05.000Z,"\'=HYPERLINK(""x"")@example.test",yes,' +
        '"Harbour, Weekend",2,EUR,90.00,9.00,HARBOUR10,5.00,0.98,86.98,12.50,ord_01jc5v3q8x0000000000000001\r\n',
    );
  });

  it('is named after the organisation, or its id when nothing of the name is left', () => {
    expect(ordersFileName('Zoë’s Harbour Nights!', 'org_x')).toBe('orders-zoe-s-harbour-nights.csv');
    expect(ordersFileName('日本', 'org_x')).toBe('orders-org_x.csv');
  });
});
