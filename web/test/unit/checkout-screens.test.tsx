import { CheckoutForm } from '../../src/features/checkout/checkout-form';
import { DemoPaymentScreen } from '../../src/features/checkout/demo-payment-screen';
import { OrderScreen } from '../../src/features/checkout/order-screen';
import { OrdersPlaceholderScreen } from '../../src/features/checkout/orders-placeholder-screen';
import type { DemoPaymentView, GuestOrderView, PaymentReturn } from '../../src/lib/checkout';
import { attributesOf, labelFor, messagesByLocale, render, text } from '../support/render';

const never = () => new Promise<never>(() => {});
const noop = () => {};
const ORDER = 'ord_01jc5v3q8x0000000000000001';
const NOW = Date.parse('2031-07-01T10:00:00.000Z');

const order: GuestOrderView = {
  id: ORDER,
  accessKey: 'the_orders_access_keys',
  number: 'K7F3-9QX2',
  shopId: 'shp_01jc5v3q8x0000000000000000',
  status: 'paid',
  lines: [
    {
      itemId: 'itm_01jc5v3q8x0000000000000001',
      name: 'Weekend pass',
      quantity: 2,
      unitPriceMinor: 4500,
      subtotalMinor: 9000,
      discountMinor: 900,
      totalMinor: 8100,
    },
    {
      itemId: 'itm_01jc5v3q8x0000000000000002',
      name: 'Saturday ticket',
      quantity: 1,
      unitPriceMinor: 2000,
      subtotalMinor: 2000,
      discountMinor: 0,
      totalMinor: 2000,
    },
  ],
  currency: 'EUR',
  subtotalMinor: 11000,
  discountMinor: 900,
  donationMinor: 500,
  feeMinor: 147,
  totalMinor: 10747,
  refundedMinor: 0,
  email: 'guest@example.test',
  discountCode: 'HARBOUR10',
  expiresAt: '',
  paidAt: '2031-07-01T10:02:00.000Z',
  createdAt: '2031-07-01T10:00:00.000Z',
  payable: false,
  renewable: false,
  outcome: '',
};
const held: GuestOrderView = {
  ...order,
  status: 'reserved',
  paidAt: '',
  expiresAt: '2031-07-01T10:14:00.000Z',
  payable: true,
};

const screen = (value: GuestOrderView, paymentReturn: PaymentReturn = '', locale: 'en' | 'nl' = 'en') =>
  render(
    locale,
    <OrderScreen
      order={value}
      paymentReturn={paymentReturn}
      shopHref="/s/shp_01jc5v3q8x0000000000000000"
      loadOrder={never}
      startPayment={never}
      onRedirect={noop}
      now={NOW}
    />,
  );

const FAILURE_EN = 'The payment took too long or was aborted. Please try again later.';

describe('the guest order page', () => {
  it('thanks the guest and says where the confirmation and tickets go, with the whole order', () => {
    const html = screen(order);
    const page = text(html);
    expect(html).toContain('data-phase="paid"');
    expect(html).toMatch(/<h1[^>]*>Thank you for your order<\/h1>/);
    expect(page).toContain('A confirmation is on its way to guest@example.test . Your tickets are in that e-mail.');
    expect(page).toContain('Order number : K7F3-9QX2');
    expect(html).toContain('data-testid="order-email">guest@example.test</strong>');
    expect(page).toContain('2 × Weekend pass');
    expect(page).toContain('€90.00 €81.00');
    expect(page).toContain('Subtotal €110.00');
    expect(page).toContain('Discount (HARBOUR10) −€9.00');
    expect(page).toContain('Donation €5.00');
    expect(page).toContain('Transaction fee €1.47');
    expect(page).toContain('Total €107.47');
    expect(html).toContain('data-status="paid"');
    expect(html).not.toContain('data-testid="order-pay"');
    expect(page).not.toContain(FAILURE_EN);
  });

  it('speaks Dutch', () => {
    const page = text(screen(order, '', 'nl'));
    expect(page).toContain('Bedankt voor je bestelling');
    expect(page).toContain('Er is een bevestiging onderweg naar guest@example.test . Je tickets zitten in die e-mail.');
    expect(page).toContain('Transactiekosten € 1,47');
    expect(page).toContain('Bestelnummer : K7F3-9QX2');
  });

  it('shows a held order with the hold counting down and a button to pay', () => {
    const html = screen(held);
    expect(text(html)).toContain('Your tickets are reserved');
    expect(text(html)).toContain('Held for you for another 14:00');
    expect(html).toMatch(/<button[^>]*data-testid="order-pay"[^>]*>Pay now<\/button>/);
    expect(html).not.toContain('data-testid="back-to-shop"');
    const pending = screen({ ...held, status: 'pending' });
    expect(text(pending)).toContain('Waiting for your payment');
    expect(pending).toMatch(/data-testid="order-pay"[^>]*>Retry payment<\/button>/);
  });

  it('says the payment could not be started when checkout could not reach the provider', () => {
    expect(text(screen(held, 'error'))).toContain('The payment could not be started. Please try again.');
  });

  it.each(['canceled', 'failed'] as const)(
    "after ?payment=%s: the spec's failure words, Retry payment and the way back to the shop",
    (paymentReturn) => {
      const html = screen({ ...held, status: 'pending' }, paymentReturn);
      expect(html).toContain('data-phase="failed"');
      expect(text(html)).toContain(FAILURE_EN);
      expect(html).toMatch(/data-testid="order-pay"[^>]*>Retry payment<\/button>/);
      expect(html).toMatch(/<a href="\/s\/shp_01jc5v3q8x0000000000000000"[^>]*>Back to the shop<\/a>/);
      expect(text(screen({ ...held, status: 'pending' }, paymentReturn, 'nl'))).toContain(
        'De betaling duurde te lang of is afgebroken. Probeer het later opnieuw.',
      );
    },
  );

  it('offers Retry payment after the hold when its tickets may be held again, saying they went back on sale', () => {
    const expired = { ...held, status: 'expired', expiresAt: '', payable: false, outcome: 'expired', renewable: true };
    const html = screen(expired, 'canceled');
    expect(html).toContain('data-phase="expired"');
    expect(text(html)).toContain(FAILURE_EN);
    expect(text(html)).toContain('Retry payment to reserve them again while they are still available.');
    expect(html).toMatch(/data-testid="order-pay"[^>]*>Retry payment<\/button>/);
    expect(text(screen(expired, '', 'nl'))).toContain('Probeer opnieuw te betalen om ze opnieuw te reserveren');
  });

  it('offers no retry once the hold is over and the order cannot be held again, only the failure words and the shop', () => {
    const html = screen({ ...held, status: 'expired', expiresAt: '', payable: false, outcome: 'expired' }, 'canceled');
    expect(html).toContain('data-phase="expired"');
    expect(text(html)).toContain(FAILURE_EN);
    expect(text(html)).toContain('The tickets have gone back on sale.');
    expect(html).not.toContain('data-testid="order-pay"');
    expect(html).toContain('data-testid="back-to-shop"');
  });

  it('explains canceled, refunded and late-payment-refunded orders', () => {
    expect(text(screen({ ...order, status: 'canceled', outcome: 'canceled', payable: false }))).toContain(
      'The organiser canceled this order',
    );
    expect(text(screen({ ...order, status: 'canceled', outcome: 'refunded', refundedMinor: 10747 }))).toContain(
      'This order was refunded',
    );
    const late = text(screen({ ...order, status: 'expired', outcome: 'late_payment_refunded' }));
    expect(late).toContain('Your payment arrived too late');
    expect(late).toContain('We refund the full amount automatically');
    expect(late).not.toContain(FAILURE_EN);
    expect(text(screen({ ...order, refundedMinor: 2000 }))).toContain('€20.00 of this order has been refunded.');
  });
});

describe('the demo provider page', () => {
  const payment: DemoPaymentView = {
    id: 'pay_01jc5v3q8x0000000000000001',
    orderId: ORDER,
    orderNumber: 'K7F3-9QX2',
    status: 'pending',
    amountMinor: 10747,
    currency: 'EUR',
    shopId: order.shopId,
    shopName: 'Harbour Weekend',
  };
  const demo = (value: DemoPaymentView, locale: 'en' | 'nl' = 'en') =>
    render(
      locale,
      <DemoPaymentScreen payment={value} orderHref={`/order/${ORDER}`} complete={never} onRedirect={noop} />,
    );

  it('is clearly test mode, shows amount, order and shop, and offers Pay, Fail and Abandon', () => {
    const html = demo(payment);
    const page = text(html);
    expect(page).toContain('Test mode Demo payment — no real money');
    expect(page).toContain('Amount €107.47');
    expect(page).toContain('Order number K7F3-9QX2');
    expect(page).toContain('Shop Harbour Weekend');
    for (const [id, label] of [
      ['pay', 'Pay'],
      ['fail', 'Fail'],
      ['abandon', 'Abandon'],
    ])
      expect(html).toMatch(new RegExp(`data-testid="demo-${id}"[^>]*>${label}</button>`));
    expect(text(demo(payment, 'nl'))).toContain('Testmodus Demobetaling — geen echt geld');
  });

  it('only shows the state of a payment that is already final, and the way to the order', () => {
    const html = demo({ ...payment, status: 'paid', shopName: '' });
    expect(html).not.toContain('data-testid="demo-pay"');
    expect(html).toContain('data-status="paid"');
    expect(text(html)).toContain('This payment is final.');
    expect(html).toMatch(new RegExp(`<a href="/order/${ORDER}"[^>]*>Go to the order</a>`));
    expect(text(html)).not.toContain('Shop');
  });
});

describe('the checkout form in the cart', () => {
  const form = (totalMinor: number | null, locale: 'en' | 'nl' = 'en') =>
    render(
      locale,
      <CheckoutForm
        items={[{ itemId: 'itm_01jc5v3q8x0000000000000001', quantity: 2 }]}
        discountCode=""
        donationMinor={0}
        totalMinor={totalMinor}
        ready
        checkout={never}
        onCheckedOut={noop}
      />,
    );

  it('asks for the e-mail and offers the mailing opt-in, unchecked', () => {
    const html = form(10747);
    expect(labelFor(html, 'checkout-email')).toBe('Email');
    expect(attributesOf(html, 'checkout-email')).toMatchObject({
      type: 'email',
      autoComplete: 'email',
      name: 'email',
      'aria-describedby': 'checkout-email-hint',
    });
    expect(html).toMatch(/<input type="checkbox"(?![^>]*checked)[^>]*name="subscribe"[^>]*>/);
    expect(text(html)).toContain("Keep me informed about this organiser's events by e-mail");
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Checkout<\/button>/);
    expect(text(html)).toContain('You pay on the next page.');
    expect(text(form(0))).toContain('These tickets are free: no payment needed.');
    expect(labelFor(form(0, 'nl'), 'checkout-email')).toBe('E-mail');
  });
});

describe('the /orders/* placeholder', () => {
  it('says where an order lives, in both languages', () => {
    expect(text(render('en', <OrdersPlaceholderScreen homeHref="/" />))).toContain(
      'Every order has a page of its own.',
    );
    expect(text(render('nl', <OrdersPlaceholderScreen homeHref="/nl" />))).toContain(
      'Elke bestelling heeft een eigen pagina.',
    );
  });
});

describe('the checkout messages', () => {
  it('fill the Checkout, GuestOrder and DemoPayment namespaces in both languages', () => {
    for (const locale of ['en', 'nl'] as const) {
      for (const namespace of ['Checkout', 'GuestOrder', 'DemoPayment'] as const)
        expect(Object.keys(messagesByLocale[locale][namespace]).length).toBeGreaterThan(5);
    }
    expect(messagesByLocale.en.GuestOrder.failed.text).toBe(FAILURE_EN);
    expect(messagesByLocale.en.GuestOrder.paid.title).toBe('Thank you for your order');
  });
});
