// Tickets end to end, in Chromium, as guests and an organiser see them:
// 1. a guest buys a single ticket and a weekend pass (one item granting two events) in the public shop and pays with
//    the demo provider; the order page lists the tickets without a reload; the confirmation e-mail brings the order
//    number, each reference, inline QR images (PNG, holding the ticket's signed code) and a PDF with a page per
//    ticket; the e-mail's link opens the ticket's page (QR, status, event, reference, no e-mail address; Print leaves
//    only the ticket); a malformed or unknown ticket id, or a ticket without its own key (`?key=`), is the 404 page. A
//    second guest shops in Dutch and gets it in Dutch.
// 2. the organiser's order page lists the tickets and the e-mails; 'Resend confirmation' sends it again; the mail
//    provider's signed delivery events (a Delivery, then a Bounce) show in the e-mail's timeline, while a wrong or
//    stale signature is refused with 401 and a replay changes nothing.
// 3. the event's Attendees tab lists the tickets, finds one by reference, exports them as CSV and pages through a
//    group's order; the Overview counts them; 'Scan Tickets' offers both events.
// 4. after a full refund the ticket's page says canceled and shows no QR code; the figures follow.
// Its own stack (tickets-stack.ts): the mails are read whole from an SMTP sink in this process.
import type { Locale } from '@kassa/contracts/locales';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import type { SinkMessage } from '@kassa/platform/testing';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import { orderApiPath, ticketHref } from '@kassa/web/lib/guest-access';
import type { BrowserContext, Page } from 'playwright-core';
import { testAddress } from '@kassa/testing/accounts';
import { ApiSession } from '@kassa/testing/api';
import { buyThroughApi as buyPaidOrder, expectOk } from '@kassa/testing/sales';
import { collectProblems, hydrated, settled, settledTitle, shot, useBrowser } from '@kassa/testing/browser';
import { deliverySignature, isPng, parseTicketCode, pdfHexText, readPdf, readQrCodes } from './ticket-documents';
import { type Account, signUp, startTicketsStack, type TicketsStack, waitForMailsTo } from './tickets-stack';
import { eventually } from '@kassa/testing/eventually';

jest.setTimeout(300_000);

const browser = useBrowser();

/** ordering's platform fee per paid ticket (TICKET_FEE_MINOR, default 49; the stack leaves it at that). */
const FEE_PER_TICKET_MINOR = 49;
const REGULAR_PRICE = 2500;
const PASS_PRICE = 4500;
const FRIDAY = {
  name: 'Friday Jazz',
  nl: 'Vrijdagjazz',
  startsAt: '2031-07-04T18:00:00.000Z',
  endsAt: '2031-07-04T22:00:00.000Z',
};
const SATURDAY = {
  name: 'Saturday Soul',
  nl: 'Zaterdagsoul',
  startsAt: '2031-07-05T18:00:00.000Z',
  endsAt: '2031-07-05T22:00:00.000Z',
};
const LOCATION = { address: 'Veemkade 1', city: 'Amsterdam', postalCode: '1019 HE', country: 'NL' };
const LOCATION_LINE = 'Veemkade 1, 1019 HE Amsterdam, NL';
/** References: 8 characters without 0, O, 1, I or L, shown as XXXX-XXXX. */
const REFERENCE = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

const desktop = { locale: 'en-GB', timezoneId: 'Europe/Amsterdam', viewport: { width: 1280, height: 900 } };
const money = (minor: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(minor / 100);
/** An access key in an address (`?key=`): 22 characters of base64url. */
const KEY = '[A-Za-z0-9_-]{22}';

interface Organisation {
  owner: Account;
  orgId: string;
  shopId: string;
  events: { friday: string; saturday: string };
  items: { regular: string; pass: string };
}

/** The organiser's two live events, a Regular option on Friday, and an open shop: Regular (Friday) and Weekend pass (both). */
async function organiserBuildsShop(world: TicketsStack): Promise<Organisation> {
  const owner = await signUp(world.bffUrl, world.sink, testAddress('tickets-owner'), 'Olivia Organiser');
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
  const eventIds: string[] = [];
  const optionIds: string[] = [];
  for (const event of [FRIDAY, SATURDAY]) {
    const { event: made } = expectOk(
      await owner.api.call('POST', `/api/organisations/${orgId}/events`, {
        name: event.name,
        description: '',
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        ticketLimit: null,
        location: LOCATION,
        translations: [{ locale: 'nl', name: event.nl, description: '' }],
      }),
      'create event',
    ) as { event: { id: string } };
    const option = expectOk(
      await owner.api.call('POST', `/api/organisations/${orgId}/events/${made.id}/ticket-options`, {
        name: 'Regular',
        description: '',
        capacity: 100,
        translations: [],
      }),
      'create ticket option',
    ) as { ticketOption: { id: string } };
    expectOk(await owner.api.call('POST', `/api/organisations/${orgId}/events/${made.id}/publish`), 'publish event');
    eventIds.push(made.id);
    optionIds.push(option.ticketOption.id);
  }

  const shops = createGrpcClient(ShopServiceClient, world.catalogGrpc, {
    callerKey: callerKeyFromRoot(world.stack.info.env.KASSA_CALLER_KEY!),
    deadlineMs: 10_000,
  });
  const as = { actorUserId: owner.userId };
  try {
    const { shop } = await shops.createShop(
      {
        organisationId: orgId,
        fields: {
          name: 'Harbour Weekend',
          description: '',
          opensAt: new Date(Date.now() - 60_000),
          closesAt: new Date(Date.now() + 24 * 3_600_000),
          translations: [],
          currency: 'EUR',
          password: '',
          donation: { enabled: false, suggestedAmountsMinor: [], allowCustomAmount: false },
          reservationMinutes: 15,
        },
      },
      as,
    );
    const shopId = shop!.id;
    const item = async (ticketOptionId: string, extraEventIds: string[], name: string, priceMinor: number) =>
      (
        await shops.createShopItem(
          {
            organisationId: orgId,
            shopId,
            fields: {
              ticketOptionId,
              extraEventIds,
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
    const regular = await item(optionIds[0]!, [], 'Regular', REGULAR_PRICE);
    const pass = await item(optionIds[0]!, [eventIds[1]!], 'Weekend pass', PASS_PRICE);
    await shops.publishShop({ organisationId: orgId, shopId }, as);
    return { owner, orgId, shopId, events: { friday: eventIds[0]!, saturday: eventIds[1]! }, items: { regular, pass } };
  } finally {
    shops.close();
  }
}

/** A guest's paid order (checkout and the demo provider's Pay through the BFF's API), with its number. */
async function buyThroughApi(
  bffUrl: string,
  shopId: string,
  order: { items: { itemId: string; quantity: number }[]; email: string; subscribe: boolean; locale: Locale },
): Promise<{ orderId: string; accessKey: string; number: string }> {
  const { orderId, accessKey, guest } = await buyPaidOrder(bffUrl, shopId, order);
  const { order: placedOrder } = expectOk(
    await guest.call('GET', orderApiPath({ id: orderId, accessKey })),
    'guest order',
  ) as { order: { number: string } };
  return { orderId, accessKey, number: placedOrder.number };
}

/** A ticket as the guest's order page lists it. */
interface ListedTicket {
  id: string;
  /** The ticket page's key (the `key` of its link). */
  accessKey: string;
  reference: string;
  itemName: string;
}

interface Purchase {
  orderId: string;
  /** The order's key (the `key` of the order page the guest landed on). */
  orderAccessKey: string;
  number: string;
  email: string;
  tickets: ListedTicket[];
  confirmation: SinkMessage;
  /** The signed code each ticket's QR holds, by ticket id (read from the e-mail's images). */
  codes: Map<string, string>;
}

const ticketNamed = (purchase: Purchase, itemName: string): ListedTicket => {
  const ticket = purchase.tickets.find((candidate) => candidate.itemName === itemName);
  if (!ticket) throw new Error(`no ${itemName} ticket in order ${purchase.number}`);
  return ticket;
};

/** The visible rows of a table, whitespace collapsed. */
const rowsOf = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).locator('tbody tr').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());

describe('tickets, their e-mail and the organiser’s view of them, in Chromium', () => {
  let world: TicketsStack;
  let org: Organisation;
  let purchase: Purchase | undefined;
  /** The first test's purchase, which the others look at. */
  const firstPurchase = (): Purchase => {
    if (!purchase) throw new Error("the guest's purchase (the first test) did not complete");
    return purchase;
  };
  let organiser: BrowserContext;

  beforeAll(async () => {
    world = await startTicketsStack();
    org = await organiserBuildsShop(world);
    organiser = await browser().newContext(desktop);
    await organiser.addCookies([
      { name: 'kassa_session', value: org.owner.api.cookie('kassa_session')!, url: world.bffUrl },
    ]);
  }, 240_000);

  afterAll(async () => {
    await organiser?.close();
    await world?.stop();
  });

  it('a guest buys a ticket and a weekend pass; the tickets appear on the order page and arrive by e-mail with QR codes and a PDF', async () => {
    const email = testAddress('ticket-guest');
    const context = await browser().newContext(desktop);
    const page = await context.newPage();
    const problems = collectProblems(page);

    // The shop, as the guest finds it (ordering may be a moment behind catalog: reload until both items sell).
    await page.goto(`${world.bffUrl}/s/${org.shopId}`);
    for (let attempt = 0; (await page.getByTestId('quantity-picker').count()) < 2; attempt += 1) {
      if (attempt > 30) throw new Error('the items never became available');
      await page.waitForTimeout(500);
      await page.reload();
    }
    const more = (item: string) => page.getByRole('button', { name: `One more: ${item}` });
    expect(await settled(() => more('Regular').isEnabled(), true)).toBe(true);
    await more('Regular').click();
    await more('Weekend pass').click();
    await page.locator('[data-testid="cart-totals"][aria-busy="false"]').waitFor();
    const total = REGULAR_PRICE + PASS_PRICE + 2 * FEE_PER_TICKET_MINOR;
    expect(
      await settled(
        async () => ((await page.getByTestId('cart-total').locator('dd').textContent()) ?? '').trim(),
        money(total),
        10_000,
      ),
    ).toBe(money(total));
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(new RegExp(`/payments/demo/pay_[0-9a-z]+\\?key=${KEY}$`), { timeout: 30_000 });
    await page.getByTestId('test-mode-banner').waitFor();
    await hydrated(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // Paid: the thank-you, then the tickets in the same page (no reload: the marker set now survives).
    await page.waitForURL(new RegExp(`/order/ord_[0-9a-z]+\\?key=${KEY}$`));
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor({ timeout: 30_000 });
    const landedOn = new RegExp(`/order/(ord_[0-9a-z]+)\\?key=(${KEY})$`).exec(page.url())!;
    const orderId = landedOn[1]!;
    const orderAccessKey = landedOn[2]!;
    const number = ((await page.getByTestId('order-number').textContent()) ?? '').trim();
    await page.evaluate(() => ((window as unknown as { kassaSamePage: boolean }).kassaSamePage = true));
    const list = page.getByTestId('guest-tickets');
    await list.waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { kassaSamePage?: boolean }).kassaSamePage)).toBe(true);
    const rows = list.locator('li');
    expect(await rows.count()).toBe(2);
    const tickets: ListedTicket[] = [];
    for (const row of await rows.all()) {
      const link = row.getByRole('link', { name: /^Open ticket / });
      const reference = ((await link.getAttribute('aria-label')) ?? '').replace('Open ticket ', '');
      // Each ticket opens with its own key, not the order's.
      const [, id = '', accessKey = ''] =
        new RegExp(`^/ticket/(tkt_[0-9a-z]{26})\\?key=(${KEY})$`).exec((await link.getAttribute('href')) ?? '') ?? [];
      const itemName = ((await row.locator('span.font-medium:not([data-status])').textContent()) ?? '').trim();
      expect(reference).toMatch(REFERENCE);
      expect(id).not.toBe('');
      expect(accessKey).not.toBe(orderAccessKey);
      expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('created');
      expect((await row.innerText()).replace(/\s+/g, ' ')).toContain(reference);
      tickets.push({ id, accessKey, reference, itemName });
    }
    expect(tickets.map((ticket) => ticket.itemName).sort()).toEqual(['Regular', 'Weekend pass']);
    expect(new Set(tickets.map((ticket) => ticket.reference)).size).toBe(2);
    expect(new Set(tickets.map((ticket) => ticket.accessKey)).size).toBe(2);
    const listText = (await list.innerText()).replace(/\s+/g, ' ');
    expect(listText).toContain('Ticket 1 of 2');
    expect(listText).toContain('Ticket 2 of 2');
    expect(listText).toContain(`${FRIDAY.name}, ${SATURDAY.name}`);
    await shot(page, 'tickets-order-page');

    // The confirmation e-mail, in the guest's language (English here).
    const [mail] = await waitForMailsTo(world.sink, email, 1, 60_000);
    expect(mail!.subject).toBe(`Your tickets for ${FRIDAY.name} and 1 more event — order ${number}`);
    expect(mail!.html).toMatch(/<html[^>]*\blang="en"/);
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain(number);
      for (const ticket of tickets) expect(part).toContain(ticket.reference);
    }
    // Inline QR images, one per ticket: PNGs referred to by Content-ID, each holding that ticket's signed code.
    const codes = new Map<string, string>();
    for (const ticket of tickets) {
      const image = mail!.raw.attachments.find((attachment) => attachment.cid === `qr-${ticket.reference}@kassa`);
      expect(image).toBeDefined();
      expect(image!.contentType).toBe('image/png');
      expect(image!.contentDisposition).toBe('inline');
      expect(image!.filename).toBe(`qr-${ticket.reference}.png`);
      expect(isPng(image!.content)).toBe(true);
      const decoded = await readQrCodes(image!.content);
      expect(decoded).toHaveLength(1);
      const code = parseTicketCode(decoded[0]!);
      expect(code.ticketId).toBe(ticket.id);
      expect(code.keyId).toMatch(/^key_/);
      expect([...code.eventIds].sort()).toEqual(
        (ticket.itemName === 'Weekend pass' ? [org.events.friday, org.events.saturday] : [org.events.friday]).sort(),
      );
      codes.set(ticket.id, decoded[0]!);
    }
    // The PDF: one A6 page per ticket, each with its reference and its QR image.
    const pdf = mail!.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`tickets-${number}.pdf`);
    const document = await readPdf(pdf!.content);
    expect(document.pageCount).toBe(2);
    expect(document.title).toBe(`Tickets for order ${number}`);
    for (const ticket of tickets) {
      expect(document.pageContents.filter((content) => content.includes(pdfHexText(ticket.reference)))).toHaveLength(1);
    }
    expect(document.pageImages).toEqual([1, 1]);
    expect(document.pageSizes.map(({ width, height }) => [Math.round(width), Math.round(height)])).toEqual([
      [298, 420],
      [298, 420],
    ]);

    // As a mail client shows it: the headline, the order number, each ticket's QR (rendered), reference and link.
    const reader = await context.newPage();
    await reader.setContent(mail!.html, { waitUntil: 'load' });
    await reader.getByRole('heading', { level: 1, name: 'Here are your tickets' }).waitFor();
    expect(((await reader.getByTestId('order-number').textContent()) ?? '').trim()).toBe(number);
    const sections = reader.getByTestId('ticket');
    expect(await sections.count()).toBe(2);
    const links = new Map<string, string>();
    for (const section of await sections.all()) {
      const reference = ((await section.getByTestId('ticket-reference').textContent()) ?? '').trim();
      const qr = section.getByRole('img', { name: `QR code of ticket ${reference}` });
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth >= 200)).toBe(true);
      links.set(reference, (await section.getByTestId('ticket-link').getAttribute('href')) ?? '');
    }
    for (const ticket of tickets)
      expect(links.get(ticket.reference)).toBe(`${world.bffUrl}/ticket/${ticket.id}?key=${ticket.accessKey}`);
    await shot(reader, 'tickets-confirmation-mail');
    await reader.close();

    // The guest opens the single ticket from the e-mail's link.
    const regular = tickets.find((ticket) => ticket.itemName === 'Regular')!;
    await page.goto(links.get(regular.reference)!);
    const ticketPage = page.getByTestId('ticket-page');
    expect(await ticketPage.getAttribute('data-status')).toBe('created');
    expect(await settledTitle(page, `Ticket ${regular.reference} · Kassa`)).toBe(`Ticket ${regular.reference} · Kassa`);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(FRIDAY.name);
    expect((await page.getByTestId('ticket-status').innerText()).replace(/\s+/g, ' ')).toBe(
      'Created Valid: show this QR code at the entrance.',
    );
    expect(((await page.getByTestId('ticket-reference').textContent()) ?? '').trim()).toBe(regular.reference);
    expect(((await page.getByTestId('ticket-order-number').textContent()) ?? '').trim()).toBe(number);
    expect(await page.getByTestId('ticket-position').textContent()).toBe('Ticket 1 of 2');
    const event = page.getByTestId('ticket-event');
    expect(await event.count()).toBe(1);
    expect(await event.locator('time').getAttribute('datetime')).toBe(FRIDAY.startsAt);
    expect(await event.innerText()).toContain(FRIDAY.name);
    expect(await event.innerText()).toContain(LOCATION_LINE);
    // The QR code on the page is the e-mail's: the same signed code.
    const qr = page.getByTestId('ticket-qr');
    expect(await qr.getAttribute('aria-label')).toBe(`QR code of ticket ${regular.reference}`);
    expect(await readQrCodes(await qr.screenshot())).toEqual([codes.get(regular.id)]);
    // Tickets get forwarded: the buyer's address is nowhere on the page.
    expect((await page.content()).toLowerCase()).not.toContain(email.toLowerCase());
    expect((await page.content()).toLowerCase()).not.toContain(email.split('@')[0]!.toLowerCase());
    await shot(page, 'tickets-ticket-page');

    // Print: the button is there; on paper only the ticket is left.
    const printButton = page.getByRole('button', { name: 'Print ticket' });
    const siteHeader = page.locator('header').first();
    const signIn = page.getByRole('link', { name: 'Sign in' });
    expect([await printButton.isVisible(), await siteHeader.isVisible(), await signIn.isVisible()]).toEqual([
      true,
      true,
      true,
    ]);
    await page.emulateMedia({ media: 'print' });
    expect([
      await ticketPage.isVisible(),
      await qr.isVisible(),
      await page.getByTestId('ticket-reference').isVisible(),
    ]).toEqual([true, true, true]);
    expect([await printButton.isVisible(), await siteHeader.isVisible(), await signIn.isVisible()]).toEqual([
      false,
      false,
      false,
    ]);
    await shot(page, 'tickets-ticket-print');
    await page.emulateMedia({ media: 'screen' });
    expect(await siteHeader.isVisible()).toBe(true);

    // The pass admits to both nights.
    const pass = tickets.find((ticket) => ticket.itemName === 'Weekend pass')!;
    await page.goto(links.get(pass.reference)!);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Weekend pass');
    expect((await page.getByTestId('ticket-event').allInnerTexts()).map((text) => text.split('\n')[0])).toEqual([
      FRIDAY.name,
      SATURDAY.name,
    ]);
    expect(await readQrCodes(await page.getByTestId('ticket-qr').screenshot())).toEqual([codes.get(pass.id)]);
    expect(problems).toEqual([]);

    // A malformed ticket id is refused before any page runs ("Page Not Found"); an unknown one (with a well-formed
    // key) is the site's 404 page, and so is a real ticket without its key, with a malformed key or another ticket's.
    const lost = await context.newPage();
    let response = await lost.goto(`${world.bffUrl}/ticket/not-a-ticket`);
    expect(response?.status()).toBe(404);
    await expect(lost.locator('body').innerText()).resolves.toContain('Page Not Found: /ticket/not-a-ticket');
    const unknown = 'tkt_01jzzzzzzzzzzzzzzzzzzzzzzz';
    response = await lost.goto(`${world.bffUrl}/ticket/${unknown}?key=${regular.accessKey}`);
    expect(response?.status()).toBe(404);
    await expect(lost.getByTestId('not-found').innerText()).resolves.toContain(`Page not found: /ticket/${unknown}`);
    expect(await lost.getByTestId('ticket-page').count()).toBe(0);
    for (const query of ['', '?key=not-a-key', `?key=${pass.accessKey}`]) {
      response = await lost.goto(`${world.bffUrl}/ticket/${regular.id}${query}`);
      expect([query, response?.status()]).toEqual([query, 404]);
      await expect(lost.getByTestId('not-found').innerText()).resolves.toContain(
        `Page not found: /ticket/${regular.id}`,
      );
      expect(await lost.getByTestId('ticket-page').count()).toBe(0);
    }
    await context.close();
    purchase = { orderId, orderAccessKey, number, email, tickets, confirmation: mail!, codes };
  });

  it('a guest who shops in Dutch gets the confirmation and the ticket page in Dutch', async () => {
    const email = testAddress('ticket-gast');
    const order = await buyThroughApi(world.bffUrl, org.shopId, {
      items: [{ itemId: org.items.regular, quantity: 1 }],
      email,
      subscribe: true,
      locale: 'nl',
    });

    const [mail] = await waitForMailsTo(world.sink, email, 1, 60_000);
    expect(mail!.subject).toBe(`Je tickets voor ${FRIDAY.nl} — bestelling ${order.number}`);
    expect(mail!.html).toMatch(/<html[^>]*\blang="nl"/);
    expect(mail!.html).toContain('Hier zijn je tickets');
    const pdf = await readPdf(
      mail!.attachments.find((attachment) => attachment.contentType === 'application/pdf')!.content,
    );
    expect([pdf.pageCount, pdf.title]).toEqual([1, `Tickets voor bestelling ${order.number}`]);
    const link = new RegExp(
      `href="(${world.bffUrl.replace(/[.:/]/g, '\\$&')}/nl/ticket/tkt_[0-9a-z]{26}\\?key=${KEY})"`,
    ).exec(mail!.html)?.[1];
    expect(link).toBeDefined();

    const context = await browser().newContext({ ...desktop, locale: 'nl-NL' });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(link!);
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(FRIDAY.nl);
    expect(await page.getByTestId('ticket-position').textContent()).toBe('Ticket 1 van 1');
    expect((await page.getByTestId('ticket-status').innerText()).replace(/\s+/g, ' ')).toContain(
      'Geldig: laat deze QR-code zien bij de ingang.',
    );
    await page.getByText('Referentie', { exact: true }).waitFor();
    await page.getByTestId('ticket-qr').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the organiser sees the tickets and the e-mails, resends the confirmation, and the signed delivery events show in its timeline', async () => {
    const bought = firstPurchase();
    const page = await organiser.newPage();
    const problems = collectProblems(page);
    const orderPath = `${world.bffUrl}/o/${org.orgId}/orders/${bought.orderId}`;
    await page.goto(orderPath);

    // Tickets: each reference (opening the ticket's page), item, price, status, not checked in.
    const ticketRows = await rowsOf(page, 'order-tickets');
    expect(ticketRows).toHaveLength(2);
    for (const ticket of bought.tickets) {
      const row = ticketRows.find((text) => text.includes(ticket.reference)) ?? '';
      expect(row).toContain(ticket.itemName);
      expect(row).toContain(money(ticket.itemName === 'Regular' ? REGULAR_PRICE : PASS_PRICE));
      expect(row).toContain('Created');
      expect(row).toContain('Not checked in');
      expect(
        await page
          .getByTestId('order-tickets')
          .getByRole('link', { name: new RegExp(`^${ticket.reference}`) })
          .getAttribute('href'),
      ).toBe(`/ticket/${ticket.id}?key=${ticket.accessKey}`);
    }

    // E-mails: the confirmation, sent, with its attachments; its id is the one the received mail carries.
    const messageId = bought.confirmation.headers['x-kassa-message-id']!;
    expect(messageId).toMatch(/^msg_[0-9a-z]{26}$/);
    expect(bought.confirmation.headers['message-id']).toMatch(new RegExp(`^<${messageId}@[^>]+>$`));
    expect(bought.confirmation.headers['x-ses-message-tags']).toBe(`kassaMessageId=${messageId}`);
    const messages = page.getByTestId('order-message');
    const confirmation = page.locator(`[data-testid="order-message"][data-message-id="${messageId}"]`);
    const timeline = (message: typeof confirmation) =>
      message
        .getByTestId('order-message-history')
        .locator('[data-status]')
        .evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-status')));
    // The mail reaches the sink a moment before notifications records the SMTP server's answer ('send').
    expect(
      await settled(
        async () => (await timeline(confirmation)).length > 0 || (await page.reload(), false),
        true,
        10_000,
      ),
    ).toBe(true);
    expect(await messages.count()).toBe(1);
    const confirmationText = (await confirmation.innerText()).replace(/\s+/g, ' ');
    expect(confirmationText).toContain(bought.confirmation.subject);
    expect(confirmationText).toContain(`Order confirmation · ${bought.email}`);
    for (const ticket of bought.tickets) expect(confirmationText).toContain(`qr-${ticket.reference}.png`);
    expect(confirmationText).toContain(`tickets-${bought.number}.pdf`);
    expect(
      await confirmation.getByTestId('order-message-status').locator('[data-status]').getAttribute('data-status'),
    ).toBe('send');
    expect(await timeline(confirmation)).toEqual(['send']);
    await shot(page, 'tickets-organiser-order');

    // Resend: asked first, then a toast, a second e-mail with the same tickets, and a "sent again" entry.
    await hydrated(page);
    await page.getByTestId('order-resend').click();
    const dialog = page.getByRole('alertdialog', { name: 'Send the confirmation again?' });
    expect(await dialog.innerText()).toContain(bought.email);
    await dialog.getByRole('button', { name: 'Send again' }).click();
    await page.getByText(`The confirmation is on its way to ${bought.email} again.`).waitFor();
    const mails = await waitForMailsTo(world.sink, bought.email, 2, 60_000);
    const resent = mails[1]!;
    expect(resent.subject).toBe(bought.confirmation.subject);
    expect(resent.headers['x-kassa-message-id']).not.toBe(messageId);
    for (const ticket of bought.tickets) expect(resent.text).toContain(ticket.reference);
    expect(
      (await readPdf(resent.attachments.find((attachment) => attachment.contentType === 'application/pdf')!.content))
        .pageCount,
    ).toBe(2);
    const resentMessage = page.locator(
      `[data-testid="order-message"][data-message-id="${resent.headers['x-kassa-message-id']}"]`,
    );
    await eventually('the resend to be listed as sent', async () => {
      await page.reload();
      return (await resentMessage.count()) === 1 && (await timeline(resentMessage)).includes('send') ? true : undefined;
    });
    expect(await messages.count()).toBe(2);
    expect((await resentMessage.innerText()).replace(/\s+/g, ' ')).toContain(
      `Confirmation sent again · ${bought.email}`,
    );

    // The provider's delivery events, as SES publishes them, signed with the shared secret.
    const webhook = (body: string, signature: string | undefined) =>
      fetch(`${world.bffUrl}/api/webhooks/email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature === undefined ? {} : { 'Kassa-Signature': signature }),
        },
        body,
      });
    const sesMail = (references: { tags: boolean }) => ({
      timestamp: new Date(Date.now() - 2_000).toISOString(),
      source: 'no-reply@kassa.localhost',
      // SES's own id for the mail: not ours, so the record is matched by our tag or by the Message-ID header.
      messageId: `010201${randomUUID().replace(/-/g, '')}-000000`,
      destination: [bought.email],
      headersTruncated: false,
      headers: [
        { name: 'Message-ID', value: bought.confirmation.headers['message-id']! },
        { name: 'Subject', value: bought.confirmation.subject },
      ],
      commonHeaders: {
        from: ['no-reply@kassa.localhost'],
        to: [bought.email],
        messageId: bought.confirmation.headers['message-id']!,
        subject: bought.confirmation.subject,
      },
      ...(references.tags ? { tags: { kassaMessageId: [messageId] } } : {}),
    });
    const delivery = JSON.stringify({
      eventType: 'Delivery',
      mail: sesMail({ tags: true }),
      delivery: {
        timestamp: new Date(Date.now() - 1_000).toISOString(),
        processingTimeMillis: 812,
        recipients: [bought.email],
        smtpResponse: '250 2.0.0 OK',
        reportingMTA: 'a8-50.smtp-out.amazonses.com',
      },
    });
    const deliverySigned = deliverySignature(world.emailWebhookSecret, delivery);
    let answer = await webhook(delivery, deliverySigned);
    expect([answer.status, await answer.json()]).toEqual([200, { received: true, applied: 1 }]);
    // A bounce found by the Message-ID alone (no tag), as a forwarder that drops tags would send it.
    const bounce = JSON.stringify({
      eventType: 'Bounce',
      mail: sesMail({ tags: false }),
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        timestamp: new Date().toISOString(),
        feedbackId: `010201${randomUUID().replace(/-/g, '')}-bounce`,
        bouncedRecipients: [
          {
            emailAddress: bought.email,
            action: 'failed',
            status: '5.1.1',
            diagnosticCode: 'smtp; 550 5.1.1 user unknown',
          },
        ],
      },
    });
    answer = await webhook(bounce, deliverySignature(world.emailWebhookSecret, bounce));
    expect([answer.status, await answer.json()]).toEqual([200, { received: true, applied: 1 }]);

    await page.reload();
    expect(await timeline(confirmation)).toEqual(['send', 'delivery', 'bounce']);
    expect(
      await confirmation.getByTestId('order-message-status').locator('[data-status]').getAttribute('data-status'),
    ).toBe('bounce');
    const history = (await confirmation.getByTestId('order-message-history').innerText()).replace(/\s+/g, ' ');
    expect(history).toContain('Delivered');
    expect(history).toContain('250 2.0.0 OK');
    expect(history).toContain('Bounced');
    expect(history).toContain('Permanent/General: smtp; 550 5.1.1 user unknown');
    // The resend is a message of its own: its timeline did not move.
    expect(await timeline(resentMessage)).toEqual(['send']);
    await shot(page, 'tickets-organiser-delivery-timeline');

    // Refused: a wrong secret, no signature, a signature from ten minutes ago (401). A replay is accepted and ignored.
    const complaint = JSON.stringify({
      eventType: 'Complaint',
      mail: sesMail({ tags: true }),
      complaint: {
        timestamp: new Date().toISOString(),
        feedbackId: `010201${randomUUID().replace(/-/g, '')}-complaint`,
        complainedRecipients: [{ emailAddress: bought.email }],
        complaintFeedbackType: 'abuse',
      },
    });
    answer = await webhook(complaint, deliverySignature('not-the-secret', complaint));
    expect(answer.status).toBe(401);
    answer = await webhook(complaint, undefined);
    expect(answer.status).toBe(401);
    answer = await webhook(
      complaint,
      deliverySignature(world.emailWebhookSecret, complaint, Math.floor(Date.now() / 1000) - 600),
    );
    expect(answer.status).toBe(401);
    answer = await webhook(delivery, deliverySigned);
    expect([answer.status, await answer.json()]).toEqual([200, { received: true, applied: 0 }]);
    await page.reload();
    expect(await timeline(confirmation)).toEqual(['send', 'delivery', 'bounce']);
    expect(
      await confirmation.getByTestId('order-message-status').locator('[data-status]').getAttribute('data-status'),
    ).toBe('bounce');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the Attendees tab lists, finds, exports and pages through the tickets; the Overview counts them; Scan Tickets offers the events', async () => {
    const bought = firstPurchase();
    const page = await organiser.newPage();
    const problems = collectProblems(page);
    const eventPath = `${world.bffUrl}/o/${org.orgId}/events/${org.events.friday}`;

    // Overview: three tickets sold for Friday (the guest's two and the Dutch guest's one), none checked in.
    await page.goto(eventPath);
    await page.getByTestId('ticket-stats').waitFor();
    expect(await page.getByTestId('stats-sold').textContent()).toBe('3');
    expect(await page.getByTestId('stats-checked-in').textContent()).toBe('0');
    expect(await page.getByTestId('stats-canceled').textContent()).toBe('0');
    expect(await page.getByTestId('stats-progress-text').textContent()).toBe('0 of 3 checked in (0%)');
    await shot(page, 'tickets-event-overview');

    // Attendees: one row per ticket admitting to Friday.
    await page.goto(`${eventPath}?tab=attendees`);
    let rows = await rowsOf(page, 'attendees');
    expect(rows).toHaveLength(3);
    for (const ticket of bought.tickets) {
      const row = rows.find((text) => text.includes(ticket.reference)) ?? '';
      expect(row).toContain(ticket.itemName);
      expect(row).toContain(bought.number);
      expect(row).toContain(bought.email);
      expect(row).toContain('Created');
    }
    await shot(page, 'tickets-attendees');

    // Search by reference: just that ticket.
    const wanted = ticketNamed(bought, 'Weekend pass');
    await hydrated(page);
    await page.getByLabel('Search attendees').fill(wanted.reference);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/[?&]q=/);
    await page.getByTestId('attendees').locator('tbody tr', { hasText: wanted.reference }).waitFor();
    rows = await rowsOf(page, 'attendees');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(wanted.reference);
    // The export link carries the same search.
    expect(
      new URL(`${world.bffUrl}${await page.getByTestId('attendees-export').getAttribute('href')}`).searchParams.get(
        'q',
      ),
    ).toBe(wanted.reference);

    // The whole list as CSV: the file's name, a byte order mark, the headings, one CRLF-ended row per ticket.
    await page.goto(`${eventPath}?tab=attendees`);
    await hydrated(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('attendees-export').click()]);
    expect(download.suggestedFilename()).toBe('attendees-friday-jazz.csv');
    const csv = readFileSync((await download.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.toString('utf8').slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(
      'Reference,Status,Item,Order number,E-mail,Mailings opt-in,Issued at (UTC),Checked in at (UTC),Device,Ticket ID',
    );
    expect(lines).toHaveLength(4);
    for (const ticket of bought.tickets) {
      const line = lines.find((candidate) => candidate.startsWith(`${ticket.reference},`));
      expect(line).toMatch(
        new RegExp(
          `^${ticket.reference},created,${ticket.itemName},${bought.number},${bought.email.replace(/[.]/g, '\\.')},no,\\d{4}-\\d\\d-\\d\\dT[^,]+Z,,,${ticket.id}$`,
        ),
      );
    }
    // The Dutch guest opted in to the mailings.
    expect(lines.filter((line) => line.includes(',created,Regular,') && line.includes(',yes,'))).toHaveLength(1);

    // Saturday: only the pass admits to it.
    await page.goto(`${world.bffUrl}/o/${org.orgId}/events/${org.events.saturday}?tab=attendees`);
    rows = await rowsOf(page, 'attendees');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(wanted.reference);

    // A group buys 23 more Friday tickets (20 Regular, 3 passes): 26 in all, two pages of 25 a page.
    const group = await buyThroughApi(world.bffUrl, org.shopId, {
      items: [
        { itemId: org.items.regular, quantity: 20 },
        { itemId: org.items.pass, quantity: 3 },
      ],
      email: testAddress('ticket-group'),
      subscribe: false,
      locale: 'en',
    });
    await eventually(
      "the group's tickets to be listed",
      async () => {
        await page.goto(`${eventPath}?tab=attendees`);
        return (await page.getByTestId('attendees-page').count()) === 1 ? true : undefined;
      },
      60_000,
    );
    expect(await page.getByTestId('attendees-page').textContent()).toBe('Page 1');
    const firstPage = await rowsOf(page, 'attendees');
    expect(firstPage).toHaveLength(25);
    expect(await page.getByRole('link', { name: 'Previous' }).count()).toBe(0);
    await hydrated(page);
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/[?&]page=2\b/);
    await page.getByTestId('attendees-page').getByText('Page 2').waitFor();
    const secondPage = await rowsOf(page, 'attendees');
    expect(secondPage).toHaveLength(1);
    expect(await page.getByRole('link', { name: 'Next' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Previous' }).waitFor();
    const listed = [...firstPage, ...secondPage].map((row) => row.split(' ')[0]);
    expect(new Set(listed).size).toBe(26);
    for (const ticket of bought.tickets) expect(listed).toContain(ticket.reference);
    expect([...firstPage, ...secondPage].filter((row) => row.includes(group.number))).toHaveLength(23);
    await page.goto(eventPath);
    expect(await page.getByTestId('stats-sold').textContent()).toBe('26');

    // Scan Tickets: both live events, each with the way to its scanner.
    await page.goto(`${world.bffUrl}/o/${org.orgId}/scan`);
    const scannable = page.getByTestId('scan-event');
    expect(await scannable.count()).toBe(2);
    expect(await page.getByRole('link', { name: `Scan tickets for ${FRIDAY.name}` }).getAttribute('href')).toBe(
      `/o/${org.orgId}/events/${org.events.friday}/scan`,
    );
    expect(await page.getByRole('link', { name: `Scan tickets for ${SATURDAY.name}` }).getAttribute('href')).toBe(
      `/o/${org.orgId}/events/${org.events.saturday}/scan`,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it('after a full refund the ticket page says canceled and shows no QR code, and the figures follow', async () => {
    const bought = firstPurchase();
    const page = await organiser.newPage();
    const problems = collectProblems(page);
    await page.goto(`${world.bffUrl}/o/${org.orgId}/orders/${bought.orderId}`);
    await hydrated(page);
    await page.getByTestId('order-actions').getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${bought.number}` });
    await dialog.getByRole('button', { name: 'Refund in full' }).click();
    await dialog.waitFor({ state: 'detached' });
    const guest = new ApiSession(world.bffUrl);
    await eventually('the order to be refunded and canceled', async () => {
      const { order } = expectOk(
        await guest.call('GET', orderApiPath({ id: bought.orderId, accessKey: bought.orderAccessKey })),
        'guest order',
      ) as { order: { status: string } };
      return order.status === 'canceled' ? true : undefined;
    });

    // The guest's ticket page, from the same link: canceled, no code, nothing to print.
    const context = await browser().newContext(desktop);
    const guestPage = await context.newPage();
    const guestProblems = collectProblems(guestPage);
    const regular = ticketNamed(bought, 'Regular');
    await eventually('the ticket to be canceled', async () => {
      await guestPage.goto(`${world.bffUrl}${ticketHref(regular)}`);
      return (await guestPage.getByTestId('ticket-page').getAttribute('data-status')) === 'canceled' ? true : undefined;
    });
    await guestPage.getByTestId('ticket-canceled').getByText('Canceled', { exact: true }).waitFor();
    expect(await guestPage.getByTestId('ticket-canceled').innerText()).toContain('no longer gives access');
    expect((await guestPage.getByTestId('ticket-status').innerText()).replace(/\s+/g, ' ')).toBe(
      'Canceled This ticket no longer gives access.',
    );
    expect(await guestPage.getByTestId('ticket-qr').count()).toBe(0);
    expect(await guestPage.getByRole('img', { name: /^QR code/ }).count()).toBe(0);
    expect(await guestPage.getByRole('button', { name: 'Print ticket' }).count()).toBe(0);
    expect(((await guestPage.getByTestId('ticket-reference').textContent()) ?? '').trim()).toBe(regular.reference);
    await shot(guestPage, 'tickets-ticket-canceled');
    expect(guestProblems).toEqual([]);
    await context.close();

    // The organiser's figures: the guest's two tickets move from sold to canceled; the canceled filter lists the two.
    await page.goto(`${world.bffUrl}/o/${org.orgId}/events/${org.events.friday}`);
    expect(await page.getByTestId('stats-sold').textContent()).toBe('24');
    expect(await page.getByTestId('stats-canceled').textContent()).toBe('2');
    await page.goto(`${world.bffUrl}/o/${org.orgId}/events/${org.events.friday}?tab=attendees&status=canceled`);
    const rows = await rowsOf(page, 'attendees');
    expect(rows).toHaveLength(2);
    for (const ticket of bought.tickets)
      expect(rows.find((row) => row.includes(ticket.reference))).toContain('Canceled');
    // And no resend of canceled tickets is offered on the order any more.
    await page.goto(`${world.bffUrl}/o/${org.orgId}/orders/${bought.orderId}`);
    expect(await page.getByTestId('order-resend').count()).toBe(0);
    const ticketRows = await rowsOf(page, 'order-tickets');
    expect(ticketRows).toHaveLength(2);
    for (const row of ticketRows) expect(row).toContain('Canceled');
    expect(problems).toEqual([]);
    await page.close();
  });
});
