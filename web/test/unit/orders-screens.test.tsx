import { OrderDetailScreen, historyProperties, type OrderActions } from '../../src/features/orders/order-detail-screen';
import { ordersListHref } from '../../src/features/orders/order-support';
import { OrdersScreen } from '../../src/features/orders/orders-list-screen';
import { PaymentSettingsScreen } from '../../src/features/orders/payment-settings-screen';
import { PaymentsScreen } from '../../src/features/orders/payments-screen';
import type {
  OrderDetailView,
  OrderListView,
  OrderView,
  PaymentListView,
  PaymentSettingsView,
  PaymentView,
} from '../../src/lib/order-model';
import { render, text } from '../support/render';

const ORG = 'org_01jc5v3q8x0000000000000000';
const SHOP = 'shp_01jc5v3q8x0000000000000001';
const SHOP2 = 'shp_01jc5v3q8x0000000000000002';
const ORD1 = 'ord_01jc5v3q8x0000000000000001';
const ORD2 = 'ord_01jc5v3q8x0000000000000002';
const PAY1 = 'pay_01jc5v3q8x0000000000000001';
const PAY2 = 'pay_01jc5v3q8x0000000000000002';
const never = () => new Promise<never>(() => {});
const noop = () => {};
const actions: OrderActions = { cancel: never, refund: never, resendConfirmation: never };

const paid: OrderView = {
  id: ORD1,
  number: 'K7F3-9QX2',
  organisationId: ORG,
  shopId: SHOP,
  status: 'paid',
  lines: [
    {
      itemId: 'itm_01jc5v3q8x0000000000000001',
      ticketOptionId: 'tko_01jc5v3q8x0000000000000001',
      eventIds: [],
      name: 'Weekend pass',
      quantity: 2,
      unitPriceMinor: 4500,
      subtotalMinor: 9000,
      discountMinor: 900,
      totalMinor: 8100,
    },
  ],
  money: {
    currency: 'EUR',
    subtotalMinor: 9000,
    discountMinor: 900,
    donationMinor: 500,
    feeMinor: 98,
    totalMinor: 8698,
    refundedMinor: 0,
  },
  email: 'guest@example.test',
  subscribe: true,
  discountCode: 'HARBOUR10',
  expiresAt: '',
  paidAt: '2031-07-01T10:02:00.000Z',
  createdAt: '2031-07-01T10:00:00.000Z',
  updatedAt: '2031-07-01T10:02:00.000Z',
  outcome: '',
  locale: 'en',
  ticketCount: 2,
};
const reserved: OrderView = {
  ...paid,
  id: ORD2,
  number: 'ZZ11-AB22',
  shopId: SHOP2,
  status: 'reserved',
  email: 'other@example.test',
  paidAt: '',
  expiresAt: '2031-07-01T10:15:00.000Z',
  subscribe: false,
};

const attempt = (id: string, status: string, extra: Partial<PaymentView> = {}): PaymentView => ({
  id,
  orderId: ORD1,
  orderNumber: 'K7F3-9QX2',
  provider: 'demo',
  status,
  amountMinor: 8698,
  currency: 'EUR',
  refundedMinor: 0,
  providerReference: '',
  failureReason: '',
  createdAt: '2031-07-01T10:01:00.000Z',
  updatedAt: '2031-07-01T10:02:00.000Z',
  testMode: true,
  ...extra,
});

const detail = (order: OrderView, extra: Partial<OrderDetailView> = {}): OrderDetailView => ({
  order,
  shopName: 'Harbour Weekend',
  refunds: [],
  history: [
    {
      id: '1',
      timestamp: '2031-07-01T10:02:00.000Z',
      action: 'paid',
      propertiesJson: JSON.stringify({ paymentId: PAY2, amountMinor: 8698 }),
      actor: { kind: 'system' },
    },
    {
      id: '0',
      timestamp: '2031-07-01T10:00:00.000Z',
      action: 'reserved',
      propertiesJson: JSON.stringify({ expiresAt: '2031-07-01T10:15:00.000Z' }),
      actor: { kind: 'guest' },
    },
  ],
  refundableMinor: order.status === 'paid' ? order.money.totalMinor : 0,
  payments: [attempt(PAY2, 'paid'), attempt(PAY1, 'failed', { failureReason: 'Declined by the demo provider' })],
  ...extra,
});

/** The visible text of the element carrying data-testid, up to the first `end` tag after it. */
const section = (html: string, testId: string, end: string): string =>
  text(new RegExp(`<[^<]*data-testid="${testId}"[\\s\\S]*?</${end}>`).exec(html)![0]);

const list = (orders: OrderView[], filters: Partial<OrderListView> = {}): OrderListView => ({
  orders,
  page: 1,
  hasNextPage: false,
  query: '',
  status: '',
  shopId: '',
  ...filters,
});
const shops = [
  { id: SHOP, name: 'Harbour Weekend' },
  { id: SHOP2, name: 'Winter Market' },
];

describe('the orders list', () => {
  it.each([
    ['en', 'Order Placed E-mail Shop Tickets Total Status', '€86.98', 'Paid', 'Reserved'],
    ['nl', 'Bestelling Geplaatst E-mail Shop Tickets Totaal Status', '€ 86,98', 'Betaald', 'Gereserveerd'],
  ] as const)(
    'shows number, e-mail, shop, total and status in %s',
    (locale, headers, total, paidWord, reservedWord) => {
      const html = render(
        locale,
        <OrdersScreen orgId={ORG} list={list([paid, reserved])} shops={shops} navigate={noop} />,
      );
      expect(html).toContain('data-testid="page-orders"');
      expect(text(/<thead[^>]*>([\s\S]*?)<\/thead>/.exec(html)![1]!)).toBe(headers);
      expect(html).toContain(`href="/o/${ORG}/orders/${ORD1}"`);
      expect(text(html)).toContain('K7F3-9QX2');
      expect(text(html)).toContain('guest@example.test');
      expect(text(html)).toContain('Winter Market');
      expect(text(html)).toContain(total);
      expect(text(html)).toContain(paidWord);
      expect(text(html)).toContain(reservedWord);
      expect(html).toContain('data-status="paid"');
      expect(html).toContain('data-status="reserved"');
    },
  );

  it('offers search by number or e-mail, the status filter and the shop filter, keeping the other filters in the links', () => {
    const html = render(
      'en',
      <OrdersScreen
        orgId={ORG}
        list={list([paid], { query: 'k7f3', status: 'paid', shopId: SHOP })}
        shops={shops}
        navigate={noop}
      />,
    );
    expect(html).toMatch(
      /<input id="orders-search" type="search" placeholder="Order number or e-mail address"[^>]*name="q" value="k7f3"/,
    );
    expect(html).toContain(`href="/o/${ORG}/orders?shop=${SHOP}&amp;q=k7f3&amp;status=pending"`);
    expect(html).toMatch(
      new RegExp(`href="/o/${ORG}/orders\\?shop=${SHOP}&amp;q=k7f3&amp;status=paid" class="[^"]*" aria-current="page"`),
    );
    expect(html).toContain('data-testid="orders-shop-filter"');
    expect(text(html)).toContain('All shops');
    // Every order status but the transient "created".
    expect(section(html, 'status-filter', 'nav')).toBe('All Reserved Pending Paid Expired Canceled');
  });

  it('says there are no orders yet, and "no items found" with a way back once filtered', () => {
    const empty = render('en', <OrdersScreen orgId={ORG} list={list([])} shops={shops} navigate={noop} />);
    expect(text(empty)).toContain('No orders yet');
    const filtered = render(
      'en',
      <OrdersScreen orgId={ORG} list={list([], { query: 'nobody@example.test' })} shops={shops} navigate={noop} />,
    );
    expect(text(filtered)).toContain('No items found');
    expect(text(filtered)).toContain('No orders match this search or filter.');
    expect(filtered).toContain(`href="/o/${ORG}/orders"`);
    expect(
      text(
        render('nl', <OrdersScreen orgId={ORG} list={list([], { status: 'paid' })} shops={shops} navigate={noop} />),
      ),
    ).toContain('Geen items gevonden');
  });

  it('on the shop dashboard: scoped to the shop, without the shop column and filter, linking to the organisation’s order pages', () => {
    const html = render(
      'en',
      <OrdersScreen
        orgId={ORG}
        shopId={SHOP}
        shopName="Harbour Weekend"
        list={list([paid], { shopId: SHOP, page: 2, hasNextPage: true })}
        shops={[shops[0]!]}
        navigate={noop}
      />,
    );
    expect(html).toContain('data-testid="page-shop-orders"');
    expect(text(html)).toContain('Every order placed in Harbour Weekend');
    expect(text(/<thead[^>]*>([\s\S]*?)<\/thead>/.exec(html)![1]!)).toBe('Order Placed E-mail Tickets Total Status');
    expect(html).not.toContain('orders-shop-filter');
    expect(html).toContain(`href="/o/${ORG}/orders/${ORD1}"`);
    expect(html).toContain(`href="/s/${SHOP}/orders?status=paid"`);
    expect(html).toContain(`href="/s/${SHOP}/orders"`); // page 1
    expect(html).toContain(`href="/s/${SHOP}/orders?page=3"`);
  });

  it('builds the list hrefs', () => {
    expect(ordersListHref(ORG, {})).toBe(`/o/${ORG}/orders`);
    expect(ordersListHref(ORG, { q: 'a@b.c', status: 'paid', page: 2, shop: SHOP })).toBe(
      `/o/${ORG}/orders?shop=${SHOP}&q=a%40b.c&status=paid&page=2`,
    );
    expect(ordersListHref(ORG, { q: 'x', shop: SHOP }, SHOP)).toBe(`/s/${SHOP}/orders?q=x`);
  });
});

describe('the order page', () => {
  const screen = (view: OrderDetailView, canManage = true, locale: 'en' | 'nl' = 'en') =>
    render(
      locale,
      <OrderDetailScreen
        orgId={ORG}
        detail={view}
        tickets={[]}
        messages={[]}
        canManage={canManage}
        actions={actions}
        refresh={noop}
      />,
    );

  it('shows the number, status, e-mail, opt-in and the money breakdown', () => {
    const html = screen(detail(paid));
    const page = text(html);
    expect(page).toContain('Order K7F3-9QX2');
    expect(html).toContain('data-status="paid"');
    expect(section(html, 'order-details', 'dl')).toMatch(
      /E-mail guest@example\.test Mailings Opted in to your mailings Shop Harbour Weekend Placed .* Paid .* Tickets 2 Discount code HARBOUR10 Language English/,
    );
    expect(section(html, 'order-money', 'dl')).toBe(
      'Subtotal €90.00 Discount -€9.00 Donation €5.00 Transaction fee €0.98 Total €86.98',
    );
    expect(section(html, 'order-lines', 'table')).toBe(
      'Items in this order Item Quantity Unit price Discount Total Weekend pass 2 €45.00 -€9.00 €81.00',
    );
  });

  it('in Dutch', () => {
    const html = screen(detail(paid), true, 'nl');
    expect(text(html)).toContain('Bestelling K7F3-9QX2');
    expect(section(html, 'order-money', 'dl')).toBe(
      'Subtotaal € 90,00 Korting € -9,00 Donatie € 5,00 Transactiekosten € 0,98 Totaal € 86,98',
    );
    expect(text(html)).toContain('Terugbetalen');
  });

  it('lists the payment attempts with status, provider (test mode) and failure reason', () => {
    const html = screen(detail(paid));
    const payments = section(html, 'order-payments', 'table');
    expect(payments).toMatch(
      /Created Provider Amount Status Reference .* Demo Test mode €86\.98 Paid pay_\w+ .* Demo Test mode €86\.98 Failed Declined by the demo provider pay_\w+/,
    );
    // On the order's own page the attempts do not link back to it.
    expect(/data-testid="order-payments"[\s\S]*?<\/table>/.exec(html)![0]).not.toContain('href=');
  });

  it('shows the history newest first with action, properties and who', () => {
    const html = screen(detail(paid));
    const history = section(html, 'order-history', 'table');
    expect(history).toMatch(
      /Timestamp Action Properties Who .* Paid paymentId ?: pay_\w+ amountMinor ?: €86\.98 System .* Tickets reserved expiresAt ?: Jul 1, 2031, 12:15 PM Guest/,
    );
  });

  it('offers Refund on a paid order and Cancel on a reserved or pending one, to members who manage orders', () => {
    const paidPage = screen(detail(paid));
    expect(section(paidPage, 'order-actions', 'div')).toBe('Refund');
    const reservedPage = screen(detail(reserved));
    expect(section(reservedPage, 'order-actions', 'div')).toBe('Cancel order');
    expect(text(reservedPage)).toContain('Reserved until');
    expect(screen(detail({ ...reserved, status: 'pending' }))).toContain('Cancel order');
    for (const status of ['expired', 'canceled'])
      expect(screen(detail({ ...paid, status }))).not.toContain('data-testid="order-actions"');
    // Nothing left to refund: no Refund.
    expect(screen(detail(paid, { refundableMinor: 0 }))).not.toContain('data-testid="order-actions"');
  });

  it('offers neither action without "orders.manage", and says why', () => {
    for (const order of [paid, reserved]) {
      const html = screen(detail(order), false);
      expect(html).not.toContain('data-testid="order-actions"');
      expect(text(html)).not.toMatch(/Refund|Cancel order/);
      expect(html).toContain('data-testid="order-read-only"');
    }
  });

  it('shows refunds and how a refunded order ended', () => {
    const refunded: OrderView = {
      ...paid,
      status: 'canceled',
      outcome: 'refunded',
      money: { ...paid.money, refundedMinor: 8698 },
    };
    const html = screen(
      detail(refunded, {
        refundableMinor: 0,
        refunds: [
          {
            id: 'ref_1',
            amountMinor: 8698,
            status: 'succeeded',
            reason: 'organiser',
            requestedBy: { kind: 'member', name: 'Olivia Organiser' },
            requestedAt: '2031-07-02T09:00:00.000Z',
            completedAt: '2031-07-02T09:00:05.000Z',
            cancelsOrder: true,
          },
        ],
      }),
    );
    expect(html).toContain('data-status="canceled"');
    expect(text(html)).toContain('The order was refunded in full and canceled');
    expect(section(html, 'order-money', 'dl')).toContain('Refunded €86.98');
    expect(section(html, 'order-refunds', 'table')).toMatch(
      /€86\.98 Full refund By the organiser Completed Olivia Organiser/,
    );
  });

  it('says when a free order needed no payment', () => {
    const free: OrderView = {
      ...paid,
      money: { ...paid.money, subtotalMinor: 0, discountMinor: 0, donationMinor: 0, feeMinor: 0, totalMinor: 0 },
    };
    expect(text(screen(detail(free, { payments: [], refundableMinor: 0 })))).toContain(
      'This order was free, so no payment was needed.',
    );
  });

  it('reads history properties whatever ordering wrote', () => {
    expect(historyProperties('{"amountMinor":1250,"full":false}')).toEqual([
      ['amountMinor', 1250],
      ['full', false],
    ]);
    expect(historyProperties('')).toEqual([]);
    expect(historyProperties('not json')).toEqual([['', 'not json']]);
    expect(historyProperties('[1,2]')).toEqual([['', [1, 2]]]);
  });
});

describe('the payments list', () => {
  const payments = (items: PaymentView[], filters: Partial<PaymentListView> = {}): PaymentListView => ({
    payments: items,
    page: 1,
    hasNextPage: false,
    status: '',
    ...filters,
  });

  it('lists every attempt with status, provider, amount, the order (linked) and when', () => {
    const html = render(
      'en',
      <PaymentsScreen
        orgId={ORG}
        list={payments([
          attempt(PAY2, 'paid', { provider: 'stripe', testMode: false, providerReference: 'cs_test_123' }),
          attempt(PAY1, 'failed'),
        ])}
        canViewOrders
      />,
    );
    expect(html).toContain('data-testid="page-payments"');
    expect(text(/<thead[^>]*>([\s\S]*?)<\/thead>/.exec(html)![1]!)).toBe(
      'Created Order Provider Amount Status Reference',
    );
    expect(html).toContain(`href="/o/${ORG}/orders/${ORD1}"`);
    expect(text(html)).toMatch(/K7F3-9QX2 Stripe €86\.98 Paid cs_test_123/);
    expect(text(html)).toMatch(/K7F3-9QX2 Demo Test mode €86\.98 Failed/);
    expect(section(html, 'status-filter', 'nav')).toBe('All Created Pending Authorized Paid Failed Canceled Expired');
    expect(html).toContain(`href="/o/${ORG}/payments?status=failed"`);
  });

  it('does not link orders for a member who cannot open them', () => {
    const html = render(
      'en',
      <PaymentsScreen orgId={ORG} list={payments([attempt(PAY1, 'paid')])} canViewOrders={false} />,
    );
    expect(html).not.toContain(`/orders/${ORD1}`);
    expect(text(html)).toContain('K7F3-9QX2');
  });

  it('says there are no payments yet, or none with this status', () => {
    expect(text(render('en', <PaymentsScreen orgId={ORG} list={payments([])} canViewOrders />))).toContain(
      'No payments yet',
    );
    const filtered = render(
      'nl',
      <PaymentsScreen orgId={ORG} list={payments([], { status: 'failed' })} canViewOrders />,
    );
    expect(text(filtered)).toContain('Geen items gevonden');
    expect(text(filtered)).toContain('Alle betalingen tonen');
  });
});

describe('the Payments settings tab', () => {
  const settings: PaymentSettingsView = {
    plan: 'standard',
    activeProvider: { key: 'stripe', name: 'Stripe', status: 'connected' },
    platformOnlyProviders: [
      { key: 'mollie', name: 'Mollie', status: 'coming_soon' },
      { key: 'adyen', name: 'Adyen', status: 'coming_soon' },
      { key: 'paypal', name: 'PayPal', status: 'coming_soon' },
    ],
    currency: 'EUR',
  };

  it('shows the Standard plan with Stripe connected, and Platform-only with three providers coming soon', () => {
    const html = render('en', <PaymentSettingsScreen settings={settings} />);
    const standard = text(/data-testid="plan-standard"[\s\S]*?data-testid="plan-platform-only"/.exec(html)![0]);
    expect(standard).toMatch(
      /Standard Your plan .* Payment provider Stripe Connected Currency EUR Stripe is connected by Kassa/,
    );
    const platformOnly = text(html.slice(html.indexOf('data-testid="plan-platform-only"')));
    expect(platformOnly).toMatch(
      /Platform-only Coming soon .* Integrations Mollie Coming soon Adyen Coming soon PayPal Coming soon/,
    );
    expect(html.match(/data-provider-status="coming_soon"/g)).toHaveLength(3);
  });

  it('labels the demo provider as test mode, in Dutch too', () => {
    const demo = { ...settings, activeProvider: { key: 'demo', name: 'Demo', status: 'test_mode' } };
    expect(text(render('en', <PaymentSettingsScreen settings={demo} />))).toMatch(
      /Payment provider Demo Test mode .* takes no real money/,
    );
    expect(text(render('nl', <PaymentSettingsScreen settings={demo} />))).toMatch(
      /Betaalprovider Demo Testmodus .* int geen echt geld/,
    );
  });

  it('shows no price and no fee amount', () => {
    for (const locale of ['en', 'nl'] as const)
      expect(text(render(locale, <PaymentSettingsScreen settings={settings} />))).not.toMatch(
        /[€$£]|\d+[.,]\d\d|per ticket|per verkocht/,
      );
  });
});
