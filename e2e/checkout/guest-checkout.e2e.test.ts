// Three guests check out of one shop in Chromium, paying through the built-in demo provider:
// 1. buys two tickets with a discount code and a donation, pays, and lands on 'Thank you for your order';
// 2. fails the payment, sees the failure words with Retry payment, retries and pays;
// 3. abandons the payment: the tickets stay held (sold out for others) until the hold ends (ended early by the test,
//    through ordering's own expiry job), then the order page says the payment took too long and the tickets are back
//    on sale in the shop, and an e-mail says the reservation expired. Retry payment while someone else holds the
//    tickets says plainly that they are gone; once they are free again, Retry holds them again and guest 3 pays.
// Guest 2's failed payment and guest 3's expired hold each reach the guest by e-mail (the stack's mail inbox).
// Then the organiser finds all four orders in the dashboard and refunds guest 1's in full.
// The organiser builds the shop through the BFF's API and catalog's gRPC API, as in the public shop's test.
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { type SignedInAccount, signUpViaApi, testAddress } from '@kassa/testing/accounts';
import { ApiSession } from '@kassa/testing/api';
import { endHoldsNow } from '@kassa/testing/holds';
import { waitForMessagesTo } from '@kassa/testing/mail';
import { collectProblems, hydrated, settled, settledTitle, shot, useBrowser } from '@kassa/testing/browser';
import { stackInfo } from '@kassa/testing/stack-info';

jest.setTimeout(720_000);

const stack = stackInfo();
const browser = useBrowser();

/** ordering's platform fee per paid ticket (TICKET_FEE_MINOR, default 49; the e2e stack leaves it at that). */
const FEE_PER_TICKET_MINOR = 49;
const REGULAR_PRICE = 2500;
const LATE_PRICE = 1500;
const LATE_CAPACITY = 2;
const CODE = 'QUAY10';
const CODE_PERCENT = 10;
const DONATION = 500;
/** How long the shop holds a cart: catalog's minimum, so guest 3 waits as little as a real shop allows. */
const RESERVATION_MINUTES = 1;
/** Guest 3 waits for the hold to end; a longer hold than this means the shop's setting did not arrive. */
const MAX_HOLD_WAIT_MS = (RESERVATION_MINUTES + 1) * 60_000;
const FAILURE_WORDS = 'The payment took too long or was aborted. Please try again later.';
/** The guest's key in an address (`?key=`): 22 characters of base64url. The order's opens its page and the demo page. */
const KEY = '[A-Za-z0-9_-]{22}';
const DEMO_PAGE = new RegExp(`/payments/demo/pay_[0-9a-z]+\\?key=${KEY}$`);
const ORDER_PAGE = new RegExp(`/order/(ord_[0-9a-z]+)\\?key=(${KEY})$`);

const expectOk = (response: { status: number; body: unknown }, what: string): unknown => {
  if (response.status >= 300) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
};

/** Percent off a line, rounded half up (ordering's rule). */
const percentOff = (amount: number, percent: number) => Math.floor((amount * percent + 50) / 100);
const money = (minor: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(minor / 100);

interface ShopSetUp {
  shopId: string;
  /** The 'Late show' item, for another guest who takes its tickets through the API. */
  lateItemId: string;
  eventId: string;
  shopName: string;
  orgId: string;
  organiser: SignedInAccount;
}

async function organiserBuildsShop(): Promise<ShopSetUp> {
  const organiser = await signUpViaApi(
    stack.bffUrl,
    stack.mailInboxUrl,
    testAddress('checkout-owner'),
    'Quinn Quayside',
  );
  const created = expectOk(
    await organiser.api.call('POST', '/api/organisations', {
      name: 'Quayside Live',
      description: '',
      currency: 'EUR',
      defaultLocale: 'en',
    }),
    'create organisation',
  );
  const orgId = (created as { organisation: { id: string } }).organisation.id;
  const { event } = expectOk(
    await organiser.api.call('POST', `/api/organisations/${orgId}/events`, {
      name: 'Quayside Night',
      description: '',
      startsAt: '2031-09-05T18:00:00.000Z',
      endsAt: '2031-09-05T23:00:00.000Z',
      ticketLimit: null,
      location: { address: 'Veemkade 1', city: 'Amsterdam', postalCode: '1019 HE', country: 'NL' },
      translations: [],
    }),
    'create event',
  ) as { event: { id: string } };
  const option = async (name: string, capacity: number) =>
    (
      expectOk(
        await organiser.api.call('POST', `/api/organisations/${orgId}/events/${event.id}/ticket-options`, {
          name,
          description: '',
          capacity,
          translations: [],
        }),
        'create ticket option',
      ) as { ticketOption: { id: string } }
    ).ticketOption.id;
  const regular = await option('Regular', 100);
  const late = await option('Late show', LATE_CAPACITY);
  expectOk(await organiser.api.call('POST', `/api/organisations/${orgId}/events/${event.id}/publish`), 'publish event');

  const shops = createGrpcClient(ShopServiceClient, stack.catalogGrpc!, {
    callerKey: callerKeyFromRoot(stack.env.KASSA_CALLER_KEY!),
    deadlineMs: 10_000,
  });
  const as = { actorUserId: organiser.userId };
  const shopName = 'Quayside Tickets';
  try {
    const { shop } = await shops.createShop(
      {
        organisationId: orgId,
        fields: {
          name: shopName,
          description: 'One night of music on the quay.',
          opensAt: new Date(Date.now() - 60_000),
          closesAt: new Date(Date.now() + 24 * 3_600_000),
          translations: [],
          currency: 'EUR',
          password: undefined,
          donation: { enabled: true, suggestedAmountsMinor: [DONATION, 1000], allowCustomAmount: false },
          reservationMinutes: RESERVATION_MINUTES,
        },
      },
      as,
    );
    const shopId = shop!.id;
    const item = (ticketOptionId: string, name: string, priceMinor: number) =>
      shops.createShopItem(
        {
          organisationId: orgId,
          shopId,
          fields: {
            ticketOptionId,
            extraEventIds: [],
            name,
            priceMinor,
            saleStart: undefined,
            saleEnd: undefined,
            position: 0,
          },
        },
        as,
      );
    await item(regular, 'Regular', REGULAR_PRICE);
    const lateItemId = (await item(late, 'Late show', LATE_PRICE)).item!.id;
    await shops.createDiscountCode(
      {
        organisationId: orgId,
        shopId,
        fields: {
          code: CODE,
          type: 'percentage',
          value: CODE_PERCENT,
          validFrom: undefined,
          validUntil: undefined,
          itemIds: [],
        },
      },
      as,
    );
    await shops.publishShop({ organisationId: orgId, shopId }, as);
    return { shopId, lateItemId, eventId: event.id, shopName, orgId, organiser };
  } finally {
    shops.close();
  }
}

const desktop: BrowserContextOptions = {
  locale: 'en-GB',
  timezoneId: 'Europe/Amsterdam',
  viewport: { width: 1280, height: 900 },
};

/** Waits until the element's text is exactly `expected` (prices and states arrive a moment after each change). */
async function expectText(locator: ReturnType<Page['locator']>, expected: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let actual = '';
  while (Date.now() < deadline) {
    actual = ((await locator.textContent().catch(() => '')) ?? '').trim();
    if (actual === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`expected "${expected}", found "${actual}"`);
}

/** Opens the shop and waits until ordering sells both items (its projection may be a moment behind catalog). */
async function openShop(page: Page, shopId: string): Promise<void> {
  await page.goto(`${stack.bffUrl}/s/${shopId}`);
  for (let attempt = 0; (await page.getByTestId('quantity-picker').count()) < 2; attempt += 1) {
    if (attempt > 30) throw new Error('the items never became available');
    await page.waitForTimeout(500);
    await page.reload();
  }
  await hydrated(page);
}

/** The cart's total once prices have settled (the cart asks ordering after each change). */
async function expectedTotalText(page: Page): Promise<string> {
  await page.locator('[data-testid="cart-totals"][aria-busy="false"]').waitFor();
  return ((await page.getByTestId('cart-total').locator('dd').textContent()) ?? '').trim();
}

/** Fills the e-mail and checks out; resolves once the browser is on the demo provider's page. */
async function checkOut(page: Page, email: string): Promise<string> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(DEMO_PAGE, { timeout: 30_000 }).catch(async (error: unknown) => {
    await shot(page, 'checkout-stuck');
    const form = await page
      .getByTestId('cart')
      .textContent()
      .catch(() => '');
    throw new Error(`checkout did not lead to the demo provider (${String(error)}); the cart says: ${form}`);
  });
  await page.getByTestId('test-mode-banner').waitFor();
  await hydrated(page);
  expect(await page.getByTestId('test-mode-banner').textContent()).toContain('Demo payment — no real money');
  expect(await settledTitle(page, 'Demo payment · Kassa')).toBe('Demo payment · Kassa');
  return page.url();
}

/**
 * Reloads the shop until the item shows `expected` (availability is at most a second old, and ordering applies the
 * hold's end by a job).
 */
async function untilAvailability(page: Page, item: ReturnType<Page['locator']>, expected: string): Promise<void> {
  let seen = '';
  for (let attempt = 0; attempt < 30; attempt += 1) {
    seen = ((await item.locator('[data-availability]').textContent()) ?? '').trim();
    if (seen === expected) return;
    await page.waitForTimeout(1_000);
    await page.reload();
  }
  throw new Error(`the item stayed "${seen}", expected "${expected}"`);
}

async function newGuest(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser().newContext(desktop);
  const page = await context.newPage();
  return { context, page, problems: collectProblems(page) };
}

describe('guest checkout through the demo provider, in Chromium', () => {
  let shop: ShopSetUp;
  /** Each guest's address, to find their orders in the organiser's list afterwards. */
  const guests = {
    one: testAddress('guest-one'),
    two: testAddress('guest-two'),
    three: testAddress('guest-three'),
    four: testAddress('guest-four'),
  };

  beforeAll(async () => {
    shop = await organiserBuildsShop();
  });

  it("a guest finds the shop from the event's public page: its name, the lowest price and a way in", async () => {
    const { context, page, problems } = await newGuest();
    await page.goto(`${stack.bffUrl}/event/${shop.eventId}`);
    const row = page.getByTestId('public-event-shop');
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain(
      `${shop.shopName}From €${(LATE_PRICE / 100).toFixed(2)} · Tickets available`,
    );
    expect(await page.getByText('opens here soon').count()).toBe(0);
    await shot(page, 'public-event-shops');
    await row.getByRole('link', { name: 'Buy tickets' }).click();
    await page.waitForURL(`${stack.bffUrl}/s/${shop.shopId}`);
    await page.getByRole('button', { name: 'One more: Regular' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('guest 1 buys two tickets with a discount code and a donation, pays, and lands on the success page', async () => {
    const { context, page, problems } = await newGuest();
    const email = guests.one;
    await openShop(page, shop.shopId);
    await page.getByRole('button', { name: 'One more: Regular' }).click();
    await page.getByRole('button', { name: 'One more: Regular' }).click();
    await page.getByLabel('Discount code').fill(CODE.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expectText(page.getByTestId('discount-verdict'), `Code ${CODE} applied.`);
    await page
      .getByTestId('donation')
      .getByRole('button', { name: money(DONATION) })
      .click();
    const subtotal = 2 * REGULAR_PRICE;
    const discount = percentOff(subtotal, CODE_PERCENT);
    const fee = 2 * FEE_PER_TICKET_MINOR;
    const total = subtotal - discount + DONATION + fee;
    await page.locator('[data-testid="cart-totals"][aria-busy="false"]').waitFor();
    await expectText(page.getByTestId('cart-total').locator('dd'), money(total));
    // The opt-in is the guest's choice, never assumed.
    expect(await page.getByTestId('checkout-subscribe').isChecked()).toBe(false);

    // An empty address is refused next to the field, with the form's message, before anything is sent.
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByTestId('checkout-email-error').waitFor();
    expect(await page.getByTestId('checkout-email-error').textContent()).toBe('Email is required');
    expect(await page.getByTestId('form-error').textContent()).toContain(
      'Some fields are not valid. Please check the form and try again.',
    );
    await page.getByTestId('checkout-subscribe').check();

    await checkOut(page, email);
    expect(await page.getByTestId('demo-amount').textContent()).toBe(money(total));
    expect(await page.getByTestId('demo-shop').textContent()).toBe(shop.shopName);
    await shot(page, 'checkout-demo-provider');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL(ORDER_PAGE);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('order-email').textContent()).toBe(email);
    expect(await page.getByTestId('order-confirmation').textContent()).toContain('Your tickets are in that e-mail.');
    const number = ((await page.getByTestId('order-number').textContent()) ?? '').trim();
    expect(number).not.toBe('');
    expect(await settledTitle(page, `Order ${number} · Kassa`)).toBe(`Order ${number} · Kassa`);
    expect(await page.getByTestId('order-lines').textContent()).toContain('2 × Regular');
    for (const [name, value] of [
      ['subtotal', money(subtotal)],
      ['discount', `−${money(discount)}`],
      ['donation', money(DONATION)],
      ['fee', money(fee)],
      ['total', money(total)],
    ] as const) {
      expect(((await page.getByTestId(`order-${name}`).locator('dd').textContent()) ?? '').trim()).toBe(value);
    }
    expect(await page.getByTestId('order-discount').locator('dt').textContent()).toBe(`Discount (${CODE})`);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await shot(page, 'checkout-order-paid');
    // The cart was emptied when the order was placed.
    await page.goto(`${stack.bffUrl}/s/${shop.shopId}`);
    await page.getByTestId('cart').getByText('No items in cart').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('guest 2 fails the payment, retries it, and pays', async () => {
    const { context, page, problems } = await newGuest();
    await openShop(page, shop.shopId);
    await page.getByRole('button', { name: 'One more: Regular' }).click();
    await expectedTotalText(page);
    const firstAttempt = await checkOut(page, guests.two);
    await page.getByRole('button', { name: 'Fail', exact: true }).click();

    await page.waitForURL(new RegExp(`/order/ord_[0-9a-z]+\\?key=${KEY}&payment=failed$`));
    await page.getByTestId('payment-failed').waitFor();
    expect(await page.getByTestId('payment-failed').textContent()).toBe(FAILURE_WORDS);
    expect(await page.getByTestId('back-to-shop').getAttribute('href')).toBe(`/s/${shop.shopId}`);
    await shot(page, 'checkout-order-failed');
    await hydrated(page);
    await page.getByRole('button', { name: 'Retry payment' }).click();

    await page.waitForURL(DEMO_PAGE);
    expect(page.url()).not.toBe(firstAttempt);
    await page.getByTestId('test-mode-banner').waitFor();
    await hydrated(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(ORDER_PAGE);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor({ timeout: 30_000 });
    const number = ((await page.getByTestId('order-number').textContent()) ?? '').trim();

    // The failed attempt is final: its page only shows its state and the way to the order.
    await page.goto(firstAttempt);
    await page.getByTestId('demo-to-order').waitFor();
    expect(await page.getByTestId('demo-pay').count()).toBe(0);

    // The failure reached the guest by e-mail too (with the way back to the order), and then the confirmation.
    const mails = await waitForMessagesTo(stack.mailInboxUrl, guests.two, 2, 60_000);
    const failureMail = mails.find((mail) => mail.subject === `Your payment for order ${number} did not go through`);
    expect(failureMail?.text).toContain('failed or was aborted, so nothing was charged');
    expect(failureMail?.text).toMatch(new RegExp(`/order/ord_[0-9a-z]+\\?key=${KEY}`));
    expect(mails.map((mail) => mail.subject)).toContain(`Your tickets for Quayside Night — order ${number}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('guest 3 abandons the payment; after the hold the order page says so, the tickets are back on sale, and Retry holds them again while they are there', async () => {
    const { context, page, problems } = await newGuest();
    await openShop(page, shop.shopId);
    await page.getByRole('button', { name: 'One more: Late show' }).click();
    await page.getByRole('button', { name: 'One more: Late show' }).click();
    await expectedTotalText(page);
    await checkOut(page, guests.three);
    await page.getByRole('button', { name: 'Abandon', exact: true }).click();

    await page.waitForURL(ORDER_PAGE);
    const [, orderId, accessKey] = ORDER_PAGE.exec(page.url())!;
    await page.getByTestId('hold-countdown').waitFor();
    expect(await page.getByTestId('order-pay').textContent()).toMatch(/Pay now|Retry payment/);
    const number = ((await page.getByTestId('order-number').textContent()) ?? '').trim();

    // Held for guest 3: sold out for everybody else.
    const other = await browser().newContext(desktop);
    const shopPage = await other.newPage();
    const lateItem = shopPage.locator('[data-testid="shop-item"]', { hasText: 'Late show' });
    await shopPage.goto(`${stack.bffUrl}/s/${shop.shopId}`);
    await untilAvailability(shopPage, lateItem, 'Sold out');

    const answer = await fetch(`${stack.bffUrl}/api/orders/${orderId}?key=${accessKey}`);
    const { order } = (await answer.json()) as { order: { expiresAt: string; status: string } };
    const holdLeftMs = Date.parse(order.expiresAt) - Date.now();
    if (!(holdLeftMs <= MAX_HOLD_WAIT_MS)) {
      throw new Error(
        `the order is held for ${Math.round(holdLeftMs / 60_000)} more minutes, not the shop's ${RESERVATION_MINUTES}`,
      );
    }

    // The shop's hold arrived; the test ends it now rather than waiting out the minute (support/holds.ts).
    await endHoldsNow(stack, [orderId!]);
    // The order page follows the order by itself: after the hold it shows the failure words, and Retry payment.
    await page.locator('[data-phase="expired"]').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('payment-failed').textContent()).toBe(FAILURE_WORDS);
    expect(await page.getByTestId('order-pay').textContent()).toBe('Retry payment');
    await shot(page, 'checkout-order-expired');
    // And an e-mail says so, with the way back to the order.
    const [expiredMail] = await waitForMessagesTo(stack.mailInboxUrl, guests.three, 1, 60_000);
    expect(expiredMail!.subject).toBe(`Your reservation for order ${number} has expired`);
    expect(expiredMail!.text).toContain(`/order/${orderId}?key=${accessKey}`);

    // The tickets are for sale again; someone else takes them (held, unpaid).
    await untilAvailability(shopPage, lateItem, 'Available');
    const otherGuest = new ApiSession(stack.bffUrl);
    const taken = await otherGuest.call('POST', `/api/shops/${shop.shopId}/checkout`, {
      items: [{ itemId: shop.lateItemId, quantity: LATE_CAPACITY }],
      email: guests.four,
      subscribe: false,
      locale: 'en',
      discountCode: '',
      donationMinor: 0,
      idempotencyKey: `late-taker-${Date.now()}`,
    });
    const { orderId: takerOrderId } = expectOk(taken, "the other guest's checkout") as { orderId: string };

    // Retry now: the tickets are gone, and the page says so plainly, leaving only the way back to the shop.
    await hydrated(page);
    await page.getByRole('button', { name: 'Retry payment' }).click();
    await expectText(
      page.getByTestId('form-error'),
      'The tickets of this order are no longer available. Please place a new order in the shop.',
    );
    expect(await page.getByTestId('order-pay').count()).toBe(0);
    expect(await page.getByTestId('back-to-shop').count()).toBe(1);
    await shot(page, 'checkout-order-retry-gone');

    // The other guest's hold ends: Retry (after a reload) holds guest 3's tickets again, and guest 3 pays.
    await endHoldsNow(stack, [takerOrderId]);
    await untilAvailability(shopPage, lateItem, 'Available');
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Retry payment' }).click();
    await page.waitForURL(DEMO_PAGE);
    await page.getByTestId('test-mode-banner').waitFor();
    // Held again: sold out for everybody else while guest 3 pays.
    await untilAvailability(shopPage, lateItem, 'Sold out');
    await hydrated(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(ORDER_PAGE);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('order-lines').textContent()).toContain('2 × Late show');
    await other.close();
    // The one refusal was the Retry while the tickets were gone: 409, and nothing else went wrong.
    expect(problems).toEqual([`409 ${stack.bffUrl}/api/orders/${orderId}/payments?key=${accessKey}`]);
    await context.close();
  });
  it('the organiser finds all four orders in the dashboard and refunds guest 1 in full', async () => {
    const context = await browser().newContext(desktop);
    await context.addCookies([
      { name: 'kassa_session', value: shop.organiser.api.cookie('kassa_session')!, url: stack.bffUrl },
    ]);
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(`${stack.bffUrl}/o/${shop.orgId}/orders`);
    const rows = async () =>
      (await page.getByTestId('page-orders').locator('tbody tr').allInnerTexts()).map((row) =>
        row.replace(/\s+/g, ' ').trim(),
      );
    const listed = await rows();
    expect(listed).toHaveLength(4);
    const rowOf = (email: string) => listed.find((row) => row.includes(email)) ?? '';
    expect(rowOf(guests.one)).toMatch(/ Paid$/);
    expect(rowOf(guests.two)).toMatch(/ Paid$/);
    expect(rowOf(guests.three)).toMatch(/ Paid$/);
    expect(rowOf(guests.four)).toMatch(/ Expired$/);

    await page
      .getByTestId('page-orders')
      .locator('tbody tr', { hasText: guests.one })
      .getByRole('link')
      .first()
      .click();
    await page.waitForURL(/\/orders\/ord_[0-9a-z]+$/);
    await hydrated(page);
    const number = ((await page.getByTestId('order-number').textContent()) ?? '').trim();
    await page.getByTestId('order-actions').getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${number}` });
    await dialog.getByRole('button', { name: 'Refund in full' }).click();
    await dialog.waitFor({ state: 'detached' });
    // payments carries the refund out (ordering → outbox → NATS → payments → back); the order ends canceled, refunded
    // in full. As long as every other wait for that saga in the suite allows, however many reloads that takes.
    const deadline = Date.now() + 60_000;
    for (;;) {
      await page.reload();
      const status = await page.getByTestId('order-status').locator('[data-status]').getAttribute('data-status');
      if (status === 'canceled') break;
      if (Date.now() > deadline) throw new Error(`order ${number} stayed ${status}`);
      await page.waitForTimeout(500);
    }
    await page.getByTestId('order-outcome').getByText('refunded in full', { exact: false }).waitFor();
    await shot(page, 'checkout-organiser-refunded');

    // The shop's Tickets page: what it sold, one row per ticket; guest 1's two are canceled by the refund (ticketing
    // follows the order), guest 2's one is valid, guest 3's two (paid after the retry) are valid; guest 4 never paid.
    const ticketStatuses = async () => {
      await page.goto(`${stack.bffUrl}/s/${shop.shopId}/tickets`);
      const table = page.getByTestId('page-shop-tickets').locator('tbody tr');
      const statusesOf = async (email: string) =>
        table
          .filter({ hasText: email })
          .locator('[data-status]')
          .evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-status')));
      return {
        one: await statusesOf(guests.one),
        two: await statusesOf(guests.two),
        three: await statusesOf(guests.three),
      };
    };
    const expectedTickets = { one: ['canceled', 'canceled'], two: ['created'], three: ['created', 'created'] };
    expect(await settled(ticketStatuses, expectedTickets, 30_000)).toEqual(expectedTickets);
    await shot(page, 'shop-tickets');
    expect(problems).toEqual([]);
    await context.close();
  });
});
