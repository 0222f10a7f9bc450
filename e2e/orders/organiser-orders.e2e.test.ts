// The organiser's orders and payments in Chromium. Guests place three orders through the real checkout API
// (POST /api/shops/{shopId}/checkout) and two of them pay with the demo provider (POST /api/payments/{id}/demo);
// the organiser finds them in the orders list (by number, by e-mail, by status), opens one and sees its items,
// money, payment attempts and history, refunds one paid order in full (it ends canceled and refunded) and another
// in part ("12,50" typed as in a shop item's price); the shop's own orders list shows them too; the Payments page
// lists every attempt; the settings Payments tab shows the plans. A member with "orders.view" but not
// "orders.manage" sees no refund action and gets 403 from the refund route.
import { randomUUID } from 'node:crypto';
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import { orderApiPath, withAccessKey } from '@kassa/web/lib/guest-access';
import type { Page } from 'playwright-core';
import { ApiSession } from '@kassa/testing/api';
import { type SignedInAccount, signUpViaApi, testAddress } from '@kassa/testing/accounts';
import { collectProblems, hydrated, settledTitle, shot, useBrowser } from '@kassa/testing/browser';
import { waitForMessagesTo } from '@kassa/testing/mail';
import { stackInfo } from '@kassa/testing/stack-info';
import { eventually } from '@kassa/testing/eventually';

jest.setTimeout(300_000);

const stack = stackInfo();
const browser = useBrowser();

const PASS_PRICE = 4500;
const SINGLE_PRICE = 2000;
const CODE_PERCENT = 10;
const DONATION = 500;

const expectOk = (response: { status: number; body: unknown }, what: string): unknown => {
  if (response.status >= 300) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
};

const euro = (minor: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(minor / 100);

interface Organisation {
  owner: SignedInAccount;
  orgId: string;
  shopId: string;
  items: { pass: string; single: string };
}

/** An owner, an organisation with a live event, and a public shop open a few seconds from now with two items and a code. */
async function organisationWithOpenShop(): Promise<Organisation> {
  const owner = await signUpViaApi(stack.bffUrl, stack.mailInboxUrl, testAddress('orders-owner'), 'Olivia Organiser');
  const created = expectOk(
    await owner.api.call('POST', '/api/organisations', {
      name: 'Harbour Nights',
      description: '',
      currency: 'EUR',
      defaultLocale: 'en',
    }),
    'create organisation',
  );
  const orgId = (created as { organisation: { id: string } }).organisation.id;
  const { event } = expectOk(
    await owner.api.call('POST', `/api/organisations/${orgId}/events`, {
      name: 'Friday Jazz',
      description: '',
      startsAt: '2031-07-04T18:00:00.000Z',
      endsAt: '2031-07-04T22:00:00.000Z',
      ticketLimit: null,
      location: { address: 'Veemkade 1', city: 'Amsterdam', postalCode: '1019 HE', country: 'NL' },
      translations: [],
    }),
    'create event',
  ) as { event: { id: string } };
  const options: string[] = [];
  for (const name of ['Regular', 'Front row']) {
    const answer = expectOk(
      await owner.api.call('POST', `/api/organisations/${orgId}/events/${event.id}/ticket-options`, {
        name,
        description: '',
        capacity: 100,
        translations: [],
      }),
      'create ticket option',
    );
    options.push((answer as { ticketOption: { id: string } }).ticketOption.id);
  }
  expectOk(await owner.api.call('POST', `/api/organisations/${orgId}/events/${event.id}/publish`), 'publish event');

  // The shop through catalog as the owner: the BFF's form only takes opening times in whole minutes ahead.
  const shops = createGrpcClient(ShopServiceClient, stack.catalogGrpc!, {
    callerKey: callerKeyFromRoot(stack.env.KASSA_CALLER_KEY!),
    deadlineMs: 10_000,
  });
  const as = { actorUserId: owner.userId };
  try {
    const opensAt = new Date(Date.now() + 3_000);
    const { shop } = await shops.createShop(
      {
        organisationId: orgId,
        fields: {
          name: 'Harbour Weekend',
          description: '',
          opensAt,
          closesAt: new Date(opensAt.getTime() + 3_600_000),
          translations: [],
          currency: 'EUR',
          password: '',
          donation: { enabled: true, suggestedAmountsMinor: [DONATION], allowCustomAmount: true },
          reservationMinutes: 15,
        },
      },
      as,
    );
    const shopId = shop!.id;
    const item = async (ticketOptionId: string, name: string, priceMinor: number) =>
      (
        await shops.createShopItem(
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
        )
      ).item!.id;
    const pass = await item(options[0]!, 'Weekend pass', PASS_PRICE);
    const single = await item(options[1]!, 'Front row ticket', SINGLE_PRICE);
    await shops.createDiscountCode(
      {
        organisationId: orgId,
        shopId,
        fields: {
          code: 'HARBOUR10',
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
    return { owner, orgId, shopId, items: { pass, single } };
  } finally {
    shops.close();
  }
}

interface GuestOrder {
  id: string;
  /** The guest's key to the order: the `key` of its page and API. */
  accessKey: string;
  number: string;
  status: string;
  email: string;
  subtotalMinor: number;
  discountMinor: number;
  donationMinor: number;
  feeMinor: number;
  totalMinor: number;
  refundedMinor: number;
}

const guest = new ApiSession(stack.bffUrl);

/** The guest's view of an order, read with the order's key as the order page does. */
async function guestOrder(order: { id: string; accessKey: string }): Promise<GuestOrder> {
  return (expectOk(await guest.call('GET', orderApiPath(order)), 'guest order') as { order: GuestOrder }).order;
}

/** A guest's checkout through the BFF; the shop opens (and ordering learns of it) a moment after publishing. */
async function checkout(
  shopId: string,
  body: {
    items: { itemId: string; quantity: number }[];
    email: string;
    subscribe: boolean;
    discountCode: string;
    donationMinor: number;
  },
) {
  const payload = { ...body, idempotencyKey: randomUUID(), locale: 'en' };
  return eventually('the shop to take orders', async () => {
    const answer = await guest.call('POST', `/api/shops/${shopId}/checkout`, payload);
    if (answer.status === 201 || answer.status === 200)
      return answer.body as { orderId: string; accessKey: string; status: string; redirectUrl: string };
    // Not open yet, or ordering has not learnt of the shop yet.
    if (answer.status === 404 || answer.status === 409 || JSON.stringify(answer.body).includes('not on sale yet'))
      return undefined;
    throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  });
}

/** Pays on the demo provider's test-mode page (/payments/demo/{id}?key={orderKey}), as the guest's click on Pay would. */
async function payWithDemo(placed: { redirectUrl: string; accessKey: string }): Promise<void> {
  const paymentId = /\/payments\/demo\/(pay_[0-9a-z]+)/.exec(placed.redirectUrl)?.[1];
  if (!paymentId) throw new Error(`not a demo payment page: ${placed.redirectUrl}`);
  expectOk(
    await guest.call('POST', withAccessKey(`/api/payments/${paymentId}/demo`, placed.accessKey), {
      action: 'pay',
      locale: 'en',
    }),
    'demo pay',
  );
}

const orderWith = (wanted: { id: string; accessKey: string }, what: string, check: (order: GuestOrder) => boolean) =>
  eventually(what, async () => {
    const order = await guestOrder(wanted);
    return check(order) ? order : undefined;
  });

async function signedInPage(account: SignedInAccount): Promise<Page> {
  const context = await browser().newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
    viewport: { width: 1280, height: 900 },
  });
  await context.addCookies([{ name: 'kassa_session', value: account.api.cookie('kassa_session')!, url: stack.bffUrl }]);
  return context.newPage();
}

async function colleagueWith(org: Organisation, permissions: string[]): Promise<SignedInAccount> {
  const address = testAddress('orders-colleague');
  expectOk(
    await org.owner.api.call('POST', `/api/organisations/${org.orgId}/members`, {
      email: address,
      firstName: 'Vera',
      lastName: 'Viewer',
      permissions,
    }),
    'invite',
  );
  const [invitation] = await waitForMessagesTo(stack.mailInboxUrl, address, 1);
  const token = /\/account\/invitations\/([A-Za-z0-9_-]{43})\b/.exec(invitation!.text)?.[1];
  const colleague = await signUpViaApi(stack.bffUrl, stack.mailInboxUrl, address, 'Vera Viewer');
  expectOk(await colleague.api.call('POST', `/api/invitations/${token}/accept`), 'accept invitation');
  return colleague;
}

/** The visible rows of the list's table, whitespace collapsed. */
const rowsOf = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).locator('tbody tr').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());

describe("the organiser's orders and payments in Chromium", () => {
  it('finds orders, shows one in full, refunds in full and in part, lists payments and the payment plans', async () => {
    const org = await organisationWithOpenShop();
    const alice = testAddress('alice');
    const bob = testAddress('bob');
    const carol = testAddress('carol');

    // Alice: two passes with the code and a donation, paid. Bob: one ticket, paid. Carol: one ticket, not paid.
    const placedA = await checkout(org.shopId, {
      items: [{ itemId: org.items.pass, quantity: 2 }],
      email: alice,
      subscribe: true,
      discountCode: 'harbour10',
      donationMinor: DONATION,
    });
    const placedB = await checkout(org.shopId, {
      items: [{ itemId: org.items.single, quantity: 1 }],
      email: bob,
      subscribe: false,
      discountCode: '',
      donationMinor: 0,
    });
    const placedC = await checkout(org.shopId, {
      items: [{ itemId: org.items.single, quantity: 1 }],
      email: carol,
      subscribe: false,
      discountCode: '',
      donationMinor: 0,
    });
    await payWithDemo(placedA);
    await payWithDemo(placedB);
    const a = await orderWith(
      { id: placedA.orderId, accessKey: placedA.accessKey },
      'order A paid',
      (order) => order.status === 'paid',
    );
    const b = await orderWith(
      { id: placedB.orderId, accessKey: placedB.accessKey },
      'order B paid',
      (order) => order.status === 'paid',
    );
    const c = await orderWith(
      { id: placedC.orderId, accessKey: placedC.accessKey },
      'order C pending',
      (order) => order.status === 'pending',
    );
    expect([a.subtotalMinor, a.discountMinor, a.donationMinor]).toEqual([
      2 * PASS_PRICE,
      (2 * PASS_PRICE * CODE_PERCENT) / 100,
      DONATION,
    ]);
    expect(a.totalMinor).toBe(a.subtotalMinor - a.discountMinor + a.donationMinor + a.feeMinor);

    const page = await signedInPage(org.owner);
    const problems = collectProblems(page);
    const ordersPath = `/o/${org.orgId}/orders`;

    // The list: all three, newest first, through the sidebar.
    await page.goto(`${stack.bffUrl}/o/${org.orgId}`);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Orders', exact: true }).click();
    await page.waitForURL(`${stack.bffUrl}${ordersPath}`);
    expect(await settledTitle(page, 'Orders · Kassa')).toBe('Orders · Kassa');
    let rows = await rowsOf(page, 'page-orders');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain(c.number);
    expect(rows.find((row) => row.includes(a.number))).toMatch(
      new RegExp(`${a.number} .* ${alice} Harbour Weekend 2 ${euro(a.totalMinor).replace('.', '\\.')} Paid`),
    );
    expect(rows.find((row) => row.includes(c.number))).toContain('Pending');
    await shot(page, 'orders-list');

    // Search by number (any case, without the dash), then by part of an e-mail address.
    await page.getByLabel('Search orders').fill(a.number.toLowerCase().replace('-', ''));
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\?q=/);
    await page.getByTestId('page-orders').getByRole('link', { name: a.number }).waitFor();
    expect(await rowsOf(page, 'page-orders')).toHaveLength(1);
    await page.getByLabel('Search orders').fill(bob.split('@')[0]!);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('page-orders').getByRole('link', { name: b.number }).waitFor();
    rows = await rowsOf(page, 'page-orders');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(bob);
    // A search that finds nothing says so, with a way back.
    await page.getByLabel('Search orders').fill('nobody-at-all');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('page-orders').getByTestId('empty-state').getByText('No items found').waitFor();
    await page.getByRole('link', { name: 'Show all orders' }).click();
    await page.waitForURL(`${stack.bffUrl}${ordersPath}`);

    // Filter by status.
    await page.getByTestId('status-filter').getByRole('link', { name: 'Paid' }).click();
    await page.waitForURL(`${stack.bffUrl}${ordersPath}?status=paid`);
    await page.getByTestId('page-orders').getByRole('link', { name: a.number }).waitFor();
    rows = await rowsOf(page, 'page-orders');
    expect(rows.map((row) => row.split(' ')[0]).sort()).toEqual([a.number, b.number].sort());
    await page.getByTestId('status-filter').getByRole('link', { name: 'Pending' }).click();
    await page.waitForURL(`${stack.bffUrl}${ordersPath}?status=pending`);
    await page.getByTestId('page-orders').getByRole('link', { name: c.number }).waitFor();
    expect(await rowsOf(page, 'page-orders')).toHaveLength(1);

    // Alice's order in full.
    await page.goto(`${stack.bffUrl}${ordersPath}?status=paid`);
    await page.getByTestId('page-orders').getByRole('link', { name: a.number }).click();
    await page.waitForURL(`${stack.bffUrl}${ordersPath}/${a.id}`);
    expect(await settledTitle(page, `Order ${a.number} · Kassa`)).toBe(`Order ${a.number} · Kassa`);
    expect(await page.getByTestId('order-status').locator('[data-status]').getAttribute('data-status')).toBe('paid');
    expect(await page.getByTestId('order-email').textContent()).toBe(alice);
    expect(await page.getByTestId('order-subscribe').textContent()).toBe('Opted in to your mailings');
    const money = (await page.getByTestId('order-money').innerText()).replace(/\s+/g, ' ');
    expect(money).toBe(
      `Subtotal ${euro(a.subtotalMinor)} Discount -${euro(a.discountMinor)} Donation ${euro(DONATION)} Transaction fee ${euro(a.feeMinor)} Total ${euro(a.totalMinor)}`,
    );
    expect((await page.getByTestId('order-lines').locator('tbody tr').innerText()).replace(/\s+/g, ' ')).toBe(
      `Weekend pass 2 ${euro(PASS_PRICE)} -${euro(a.discountMinor)} ${euro(2 * PASS_PRICE - a.discountMinor)}`,
    );
    const attempts = await rowsOf(page, 'order-payments');
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatch(new RegExp(`Demo Test mode ${euro(a.totalMinor).replace('.', '\\.')} Paid`));
    const history = (await page.getByTestId('order-history').innerText()).replace(/\s+/g, ' ');
    expect(history).toContain('Tickets reserved');
    expect(history).toContain('Paid');
    await shot(page, 'order-detail');

    // Refund in full: asked first, then requested; payments carries it out and the order ends canceled.
    await page.getByTestId('order-actions').getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${a.number}` });
    await dialog.getByRole('radio', { name: `Full refund: ${euro(a.totalMinor)}` }).waitFor();
    expect(await dialog.getByRole('radio', { name: `Full refund: ${euro(a.totalMinor)}` }).isChecked()).toBe(true);
    await shot(page, 'order-refund-dialog');
    await dialog.getByRole('button', { name: 'Refund in full' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('form-notice')
      .getByText(`A refund of ${euro(a.totalMinor)} is requested.`, { exact: false })
      .waitFor();
    await orderWith(
      a,
      'order A canceled by its refund',
      (order) => order.status === 'canceled' && order.refundedMinor === order.totalMinor,
    );
    await page.reload();
    expect(await page.getByTestId('order-status').locator('[data-status]').getAttribute('data-status')).toBe(
      'canceled',
    );
    await page.getByTestId('order-outcome').getByText('refunded in full', { exact: false }).waitFor();
    expect(await page.getByTestId('order-refunded').textContent()).toBe(euro(a.totalMinor));
    expect((await rowsOf(page, 'order-refunds'))[0]).toMatch(/Full refund By the organiser Completed Olivia Organiser/);
    expect(await page.getByTestId('order-actions').count()).toBe(0);
    await shot(page, 'order-refunded');

    // Bob's order in part: "12,50" as typed in a shop item's price.
    await page.goto(`${stack.bffUrl}${ordersPath}/${b.id}`);
    await page.getByTestId('order-actions').getByRole('button', { name: 'Refund' }).click();
    const partial = page.getByRole('dialog', { name: `Refund order ${b.number}` });
    await partial.getByRole('radio', { name: 'Partial refund' }).check();
    await partial.getByLabel('Amount (EUR)').fill('99999');
    await partial.getByRole('button', { name: 'Refund amount' }).click();
    await partial.getByText(`At most ${euro(b.totalMinor)} can be refunded.`).waitFor();
    await partial.getByLabel('Amount (EUR)').fill('12,50');
    await partial.getByRole('button', { name: 'Refund amount' }).click();
    await partial.waitFor({ state: 'detached' });
    await page
      .getByTestId('form-notice')
      .getByText(`A refund of ${euro(1250)} is requested. The tickets stay valid.`)
      .waitFor();
    await orderWith(b, 'order B refunded in part', (order) => order.refundedMinor === 1250);
    await page.reload();
    expect(await page.getByTestId('order-status').locator('[data-status]').getAttribute('data-status')).toBe('paid');
    expect(await page.getByTestId('order-refunded').textContent()).toBe(euro(1250));
    expect((await rowsOf(page, 'order-refunds'))[0]).toMatch(/€12\.50 Partial refund By the organiser/);

    // A second live event that no shop sells yet: the dashboard asks for attention to it.
    const { event: brunch } = expectOk(
      await org.owner.api.call('POST', `/api/organisations/${org.orgId}/events`, {
        name: 'Sunday Brunch',
        description: '',
        startsAt: '2031-07-06T10:00:00.000Z',
        endsAt: '2031-07-06T13:00:00.000Z',
        ticketLimit: 40,
        location: { address: 'Veemkade 1', city: 'Amsterdam', postalCode: '1019 HE', country: 'NL' },
        translations: [],
      }),
      'create event',
    ) as { event: { id: string } };
    expectOk(
      await org.owner.api.call('POST', `/api/organisations/${org.orgId}/events/${brunch.id}/publish`),
      'publish',
    );

    // The dashboard, figures worked out from the orders above: today A (2 passes) and B (1 ticket) were paid; A was
    // refunded in full (its tickets back on sale) and B by 12.50; C still holds its ticket.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL(`${stack.bffUrl}/o/${org.orgId}`);
    const today = page.getByTestId('overview-period-EUR-today');
    await today.waitFor();
    expect(await today.getByTestId('period-tickets').textContent()).toBe('3 tickets sold');
    expect(await today.getByTestId('period-revenue').textContent()).toBe(euro(b.totalMinor - 1250));
    expect(await today.getByTestId('period-refunds').textContent()).toBe(`2 refunds: ${euro(a.totalMinor + 1250)}`);
    expect(await page.getByTestId('overview-period-EUR-7d').getByTestId('period-tickets').textContent()).toBe(
      '3 tickets sold',
    );
    expect(await page.getByTestId('overview-holds').textContent()).toBe('1 open hold (1 ticket)');
    const event = page.getByTestId('overview-event').filter({ hasText: 'Friday Jazz' });
    expect(await event.getByTestId('overview-event-sold').textContent()).toBe('1 of 200 sold · 1 held');
    expect(await event.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    expect(await page.getByTestId('overview-shop').allTextContents()).toEqual([
      expect.stringMatching(/^Harbour Weekend.*Open until .*Open$/),
    ]);
    const brunchRow = page.getByTestId('overview-event').filter({ hasText: 'Sunday Brunch' });
    await eventually('the new event on the dashboard (ordering projects it from catalog)', async () => {
      if ((await brunchRow.count()) === 1) return true;
      await page.reload();
      return undefined;
    });
    expect(await brunchRow.getByTestId('overview-event-sold').textContent()).toBe('0 of 40 sold');
    expect(await page.getByTestId('attention-event-without-shop').allTextContents()).toEqual([
      'No shop sells Sunday Brunch yet. Set up a shop',
    ]);
    const newest = await page.getByTestId('overview-order').allTextContents();
    expect(newest.map((row) => row.slice(0, a.number.length))).toEqual([c.number, b.number, a.number]);
    expect(await page.getByTestId('page-overview').getByTestId('empty-state').count()).toBe(0);
    await shot(page, 'dashboard-figures');

    // The orders as CSV, as the Orders list's "Export CSV" link downloads them: a row per order, money as decimals.
    await page.goto(`${stack.bffUrl}${ordersPath}`);
    const exportHref = await page.getByTestId('orders-export').getAttribute('href');
    expect(exportHref).toBe(`/api/organisations/${org.orgId}/orders.csv?locale=en`);
    const csv = await page.evaluate(async (href) => {
      const response = await fetch(href);
      return { type: response.headers.get('content-type'), text: await response.text() };
    }, exportHref!);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    const [heading, ...records] = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(heading).toMatch(/^Order number,Status,Placed at \(UTC\),Paid at \(UTC\),E-mail,Mailings opt-in,Shop,/);
    const decimal = (minor: number) => (minor / 100).toFixed(2);
    const record = (order: typeof a) => records.find((line) => line.startsWith(`${order.number},`))?.split(',');
    expect(records).toHaveLength(3);
    // Status, e-mail, opt-in, shop, tickets, currency, …, total, refunded.
    const columns = (cells: string[] | undefined) =>
      cells && [cells[1], cells[4], cells[5], cells[6], cells[7], cells[14], cells[15]];
    expect(columns(record(a))).toEqual([
      'canceled',
      alice,
      'yes',
      'Harbour Weekend',
      '2',
      decimal(a.totalMinor),
      decimal(a.totalMinor),
    ]);
    expect(columns(record(b))).toEqual(['paid', bob, 'no', 'Harbour Weekend', '1', decimal(b.totalMinor), '12.50']);
    expect(columns(record(c))).toEqual(['pending', carol, 'no', 'Harbour Weekend', '1', decimal(c.totalMinor), '0.00']);

    // The mailing opt-ins: Alice ticked the box and paid (the refund later does not take her consent back); Bob and
    // Carol did not. The form under the list narrows them to an event and to days.
    const optIns = page.getByTestId('opt-ins-export');
    expect(await optIns.locator('form').getAttribute('action')).toBe(`/api/organisations/${org.orgId}/opt-ins.csv`);
    expect(await optIns.getByLabel('Event').locator('option').allTextContents()).toContain('All events');
    const optInRecords = (query: string) =>
      page.evaluate(async (href) => {
        const text = await (await fetch(href)).text();
        return text
          .replace(/^\uFEFF/, '')
          .trimEnd()
          .split('\r\n');
      }, `/api/organisations/${org.orgId}/opt-ins.csv?locale=en${query}`);
    const [optInHeading, ...everyone] = await optInRecords('');
    expect(optInHeading).toBe('E-mail,Language,First order paid (UTC),Newest order paid (UTC),Orders');
    expect(everyone.map((line) => line.split(',')[0])).toEqual([alice]);
    expect((await optInRecords('&until=2020-01-31')).slice(1)).toEqual([]);
    // A day that does not exist is refused with the field named (asked outside the page: its 400 is expected).
    expect(
      await org.owner.api.call('GET', `/api/organisations/${org.orgId}/opt-ins.csv?from=2031-02-31`),
    ).toMatchObject({
      status: 400,
      body: { fields: { from: 'From is invalid' } },
    });

    // The shop's own orders, on its dashboard.
    await page.goto(`${stack.bffUrl}/s/${org.shopId}/orders`);
    await page.getByTestId('page-shop-orders').getByRole('link', { name: c.number }).waitFor();
    expect(await rowsOf(page, 'page-shop-orders')).toHaveLength(3);

    // Every payment attempt, each linking to its order; filtered by status.
    await page.goto(`${stack.bffUrl}/o/${org.orgId}/payments`);
    expect(await settledTitle(page, 'Payments · Kassa')).toBe('Payments · Kassa');
    const payments = await rowsOf(page, 'page-payments');
    expect(payments).toHaveLength(3);
    expect(payments.find((row) => row.includes(c.number))).toMatch(/Demo Test mode .* Pending/);
    expect(payments.find((row) => row.includes(b.number))).toMatch(/Paid/);
    await shot(page, 'payments-list');
    // The same attempts as CSV, as the Payments page's "Export CSV" link downloads them.
    const paymentsHref = await page.getByTestId('payments-export').getAttribute('href');
    expect(paymentsHref).toBe(`/api/organisations/${org.orgId}/payments.csv?locale=en`);
    const paymentsCsv = await page.evaluate(async (href) => {
      const response = await fetch(href);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        type: response.headers.get('content-type'),
        bom: [...bytes.slice(0, 3)],
        text: new TextDecoder().decode(bytes),
      };
    }, paymentsHref!);
    expect(paymentsCsv.type).toBe('text/csv; charset=utf-8');
    // A byte order mark first, so Excel reads UTF-8.
    expect(paymentsCsv.bom).toEqual([0xef, 0xbb, 0xbf]);
    expect(paymentsCsv.text).toMatch(/^Created at \(UTC\),Last change \(UTC\),Order number,Provider,Status,/);
    const paymentRecords = paymentsCsv.text.trimEnd().split('\r\n').slice(1);
    expect(paymentRecords).toHaveLength(3);
    const paymentOf = (order: typeof a) =>
      paymentRecords.find((line) => line.includes(`,${order.number},`))?.split(',');
    // Order number, provider, status, currency, amount, refunded, test mode.
    const paymentColumns = (cells: string[] | undefined) =>
      cells && [cells[2], cells[3], cells[4], cells[5], cells[6], cells[7], cells[10]];
    expect(paymentColumns(paymentOf(b))).toEqual([
      b.number,
      'demo',
      'paid',
      'EUR',
      decimal(b.totalMinor),
      '12.50',
      'yes',
    ]);
    expect(paymentColumns(paymentOf(c))).toEqual([
      c.number,
      'demo',
      'pending',
      'EUR',
      decimal(c.totalMinor),
      '0.00',
      'yes',
    ]);
    await page.getByTestId('status-filter').getByRole('link', { name: 'Pending' }).click();
    await page.waitForURL(`${stack.bffUrl}/o/${org.orgId}/payments?status=pending`);
    await page.getByTestId('page-payments').getByRole('link', { name: a.number }).waitFor({ state: 'detached' });
    expect(await rowsOf(page, 'page-payments')).toHaveLength(1);
    await page.getByTestId('page-payments').getByRole('link', { name: c.number }).click();
    await page.waitForURL(`${stack.bffUrl}${ordersPath}/${c.id}`);
    // Carol's unpaid order can be canceled instead.
    await page.getByTestId('order-actions').getByRole('button', { name: 'Cancel order' }).waitFor();

    // Settings › Payments: Standard with the platform's provider (the demo provider here, in test mode), Platform-only coming soon.
    await page.goto(`${stack.bffUrl}/o/${org.orgId}/settings/payments`);
    const standard = page.getByTestId('plan-standard');
    await standard.getByText('Your plan').waitFor();
    expect(await page.getByTestId('active-provider-name').textContent()).toMatch(/^Demo/);
    expect(await standard.locator('[data-provider-status]').getAttribute('data-provider-status')).toBe('test_mode');
    const platformOnly = page.getByTestId('plan-platform-only');
    await platformOnly.getByText('Coming soon').first().waitFor();
    expect(await page.getByTestId('platform-only-providers').locator('li').count()).toBe(3);
    expect(
      await page.getByTestId('platform-only-providers').locator('[data-provider-status="coming_soon"]').count(),
    ).toBe(3);
    expect(await page.getByTestId('payment-settings').innerText()).not.toMatch(/€|\d+[.,]\d\d/);
    await shot(page, 'settings-payments');
    expect(problems).toEqual([]);

    // A member who may look at orders but not manage them: no refund action, and the route says 403.
    const viewer = await colleagueWith(org, ['orders.view']);
    const viewerPage = await signedInPage(viewer);
    const viewerProblems = collectProblems(viewerPage);
    await viewerPage.goto(`${stack.bffUrl}${ordersPath}/${b.id}`);
    await viewerPage.getByTestId('order-read-only').waitFor();
    expect(await viewerPage.getByTestId('order-actions').count()).toBe(0);
    expect(await viewerPage.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    expect(viewerProblems).toEqual([]);
    const refused = await viewer.api.call('POST', `/api/organisations/${org.orgId}/orders/${b.id}/refund`, {
      full: true,
      idempotencyKey: randomUUID(),
    });
    expect(refused.status).toBe(403);
    expect((await viewer.api.call('POST', `/api/organisations/${org.orgId}/orders/${c.id}/cancel`)).status).toBe(403);
    // Nothing changed.
    expect((await guestOrder(b)).refundedMinor).toBe(1250);
    expect((await guestOrder(c)).status).toBe('pending');

    // The owner cancels Carol's unpaid order: Carol is told by e-mail, and the order lists that e-mail.
    await page.goto(`${stack.bffUrl}${ordersPath}/${c.id}`);
    await hydrated(page);
    await page.getByTestId('order-actions').getByRole('button', { name: 'Cancel order' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Cancel order ${c.number}?` });
    await confirm.getByText('is told so by e-mail').waitFor();
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await eventually('order C canceled', async () => ((await guestOrder(c)).status === 'canceled' ? true : undefined));
    const carolMails = await waitForMessagesTo(stack.mailInboxUrl, carol, 1, 60_000);
    const canceledMail = carolMails.find((mail) => mail.subject === `Order ${c.number} has been canceled`);
    expect(canceledMail?.text).toContain(`The organiser canceled order ${c.number}. Nothing was charged`);
    const listed = page.getByTestId('order-message').filter({ hasText: `Order ${c.number} has been canceled` });
    for (let attempt = 0; (await listed.count()) === 0; attempt += 1) {
      if (attempt > 30) throw new Error('the cancellation e-mail never showed on the order page');
      await page.waitForTimeout(500);
      await page.reload();
    }
    expect(await listed.textContent()).toContain('Order update (payment failed, reservation expired or canceled)');
    expect(problems).toEqual([]);
  });
});
