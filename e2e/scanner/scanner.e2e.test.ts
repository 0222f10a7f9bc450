// The entrance scanner in Chromium, as the organiser and the door staff use it:
// 1. set-up: an organiser with a live event and an open shop; a guest buys three tickets and pays with the demo
//    provider; each ticket's QR is read off the guest's ticket page, as a camera would read it;
// 2. the organiser creates the scan link "Main entrance" on the event's scan page and reads its address once;
// 3. door staff open it on a phone whose camera (Chromium's fake camera playing a video of ticket 1's QR) reads the
//    ticket: Valid, full screen; the QR held in view is not scanned again; a deliberate second scan and the typed
//    reference say Already used, when and at "Main entrance"; the count says 1 of 3;
// 4. with the ticket list on the phone the network goes: ticket 2's reference is admitted offline and queued; when
//    the network is back the queue is uploaded, and the organiser's scanner, Overview and Attendees show it;
// 5. ticket 3 is admitted offline at the door (its code as a hand-held reader types it) and online by the organiser:
//    the door's upload reports the double admission, and the organiser's scan page lists the conflict; the
//    organisation's dashboard counts the admitted and points at the conflict;
// 6. a second guest's ticket, refunded in full by the organiser, scans as canceled; a forged code as invalid;
// 7. the organiser revokes the link: the door's next scan is refused, and the address is the not-valid page (404).
import { randomUUID } from 'node:crypto';
import { createGrpcClient, callerKeyFromRoot } from '@kassa/platform/grpc';
import { ShopServiceClient } from '@kassa/proto/catalog/v1/shops';
import { orderApiPath, ticketHref, withAccessKey } from '@kassa/web/lib/guest-access';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { type SignedInAccount, signUpViaApi, testAddress } from '@kassa/testing/accounts';
import { ApiSession } from '@kassa/testing/api';
import { collectProblems, launchBrowser, settled, shot, useBrowser } from '@kassa/testing/browser';
import { writeQrVideo } from '@kassa/testing/fake-camera';
import { stackInfo } from '@kassa/testing/stack-info';
import { codeOnTicketPage, ticketOfCode } from './ticket-qr';
import { eventually } from '@kassa/testing/eventually';

jest.setTimeout(180_000);

const stack = stackInfo();
/** The organiser's and the guests' browser; the door phone gets its own (its camera is a command-line flag). */
const browser = useBrowser();

const EVENT_NAME = 'Harbour Lights';
const LINK_NAME = 'Main entrance';
const desktop = { locale: 'en-GB', timezoneId: 'Europe/Amsterdam', viewport: { width: 1280, height: 900 } };
/** A phone held at the door. */
const phone = {
  locale: 'en-GB',
  timezoneId: 'Europe/Amsterdam',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  permissions: ['camera'],
};
/** How long the same QR must be out of sight before it counts again (web/src/features/scanner/code-debouncer.ts). */
const SAME_CODE_WINDOW_MS = 2_000;

const expectOk = (response: { status: number; body: unknown }, what: string): unknown => {
  if (response.status >= 300) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
};

interface Organisation {
  owner: SignedInAccount;
  orgId: string;
  eventId: string;
  shopId: string;
  itemId: string;
}

/** An owner, a live event with one ticket option, and a public shop that is open now, selling it. */
async function organiserWithOpenShop(): Promise<Organisation> {
  const owner = await signUpViaApi(stack.bffUrl, stack.mailInboxUrl, testAddress('scanner-owner'), 'Olivia Organiser');
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
      name: EVENT_NAME,
      description: '',
      startsAt: '2031-07-04T18:00:00.000Z',
      endsAt: '2031-07-04T23:00:00.000Z',
      ticketLimit: null,
      location: { address: 'Veemkade 1', city: 'Amsterdam', postalCode: '1019 HE', country: 'NL' },
      translations: [],
    }),
    'create event',
  ) as { event: { id: string } };
  const option = expectOk(
    await owner.api.call('POST', `/api/organisations/${orgId}/events/${event.id}/ticket-options`, {
      name: 'Regular',
      description: '',
      capacity: 100,
      translations: [],
    }),
    'create ticket option',
  ) as { ticketOption: { id: string } };
  expectOk(await owner.api.call('POST', `/api/organisations/${orgId}/events/${event.id}/publish`), 'publish event');

  // The shop through catalog as the owner, as the other shop tests do: the BFF's form only opens whole minutes ahead.
  const shops = createGrpcClient(ShopServiceClient, stack.catalogGrpc!, {
    callerKey: callerKeyFromRoot(stack.env.KASSA_CALLER_KEY!),
    deadlineMs: 10_000,
  });
  const as = { actorUserId: owner.userId };
  try {
    const { shop } = await shops.createShop(
      {
        organisationId: orgId,
        fields: {
          name: 'Harbour Tickets',
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
    const { item } = await shops.createShopItem(
      {
        organisationId: orgId,
        shopId,
        fields: {
          ticketOptionId: option.ticketOption.id,
          extraEventIds: [],
          name: 'Regular',
          priceMinor: 2500,
          saleStart: undefined,
          saleEnd: undefined,
          position: 0,
        },
      },
      as,
    );
    await shops.publishShop({ organisationId: orgId, shopId }, as);
    return { owner, orgId, eventId: event.id, shopId, itemId: item!.id };
  } finally {
    shops.close();
  }
}

interface Ticket {
  id: string;
  /** The ticket page's key (its link's `?key=`). */
  accessKey: string;
  reference: string;
  /** What its QR holds, read off the guest's ticket page. */
  code: string;
}

interface Purchase {
  orderId: string;
  tickets: Ticket[];
}

/**
 * A guest's order of `quantity` tickets through the BFF's checkout, paid on the demo provider's page (its Pay
 * button's call), and the tickets' QR codes read off their pages once issued.
 */
async function guestBuys(org: Organisation, quantity: number): Promise<Purchase> {
  const guest = new ApiSession(stack.bffUrl);
  const payload = {
    items: [{ itemId: org.itemId, quantity }],
    email: testAddress('scanner-guest'),
    subscribe: false,
    discountCode: '',
    donationMinor: 0,
    idempotencyKey: randomUUID(),
    locale: 'en',
  };
  const placed = await eventually('the shop to take orders', async () => {
    const answer = await guest.call('POST', `/api/shops/${org.shopId}/checkout`, payload);
    if (answer.status === 201 || answer.status === 200)
      return answer.body as { orderId: string; accessKey: string; redirectUrl: string };
    // Ordering has not learnt of the shop yet.
    if (answer.status === 404 || answer.status === 409 || JSON.stringify(answer.body).includes('not on sale yet'))
      return undefined;
    throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  });
  const paymentId = /\/payments\/demo\/(pay_[0-9a-z]+)/.exec(placed.redirectUrl)?.[1];
  if (!paymentId) throw new Error(`not a demo payment page: ${placed.redirectUrl}`);
  expectOk(
    await guest.call('POST', withAccessKey(`/api/payments/${paymentId}/demo`, placed.accessKey), {
      action: 'pay',
      locale: 'en',
    }),
    'demo pay',
  );

  // The guest's order page asks this route (with the order's key) until the tickets are issued.
  const order = { id: placed.orderId, accessKey: placed.accessKey };
  const listed = await eventually('the tickets to be issued', async () => {
    const { tickets } = expectOk(
      await guest.call('GET', `${orderApiPath(order, '/tickets')}&locale=en`),
      'order tickets',
    ) as { tickets: { id: string; accessKey: string; reference: string; status: string }[] };
    return tickets.length === quantity && tickets.every((ticket) => ticket.status === 'created') ? tickets : undefined;
  });
  const context = await browser().newContext(desktop);
  try {
    const page = await context.newPage();
    const tickets: Ticket[] = [];
    for (const ticket of listed) {
      await page.goto(`${stack.bffUrl}${ticketHref(ticket)}`);
      expect((await page.getByTestId('ticket-reference').textContent())?.trim()).toBe(ticket.reference);
      const code = await codeOnTicketPage(page);
      expect(ticketOfCode(code)).toEqual({ ticketId: ticket.id, eventIds: [org.eventId] });
      tickets.push({ id: ticket.id, accessKey: ticket.accessKey, reference: ticket.reference, code });
    }
    return { orderId: placed.orderId, tickets };
  } finally {
    await context.close();
  }
}

async function signedInPage(account: SignedInAccount): Promise<Page> {
  const context = await browser().newContext(desktop);
  await context.addCookies([{ name: 'kassa_session', value: account.api.cookie('kassa_session')!, url: stack.bffUrl }]);
  return context.newPage();
}

const attribute = (locator: Locator, name: string) => async () => locator.getAttribute(name);
const text = (locator: Locator) => async () => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** "14:32" as the scanner writes a moment of today (next-intl, 'en', Europe/Amsterdam), for each minute from `from` to now. */
function minutesSince(from: Date): string[] {
  const format = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' });
  const minutes = new Set<string>();
  for (let at = from.getTime() - 60_000; at <= Date.now() + 60_000; at += 30_000)
    minutes.add(format.format(new Date(at)));
  return [...minutes];
}

describe('the entrance scanner, in Chromium', () => {
  let org: Organisation;
  let purchase: Purchase;
  let ticket: (n: 1 | 2 | 3) => Ticket;
  /** The organiser's page, on the event's scan page for most of the time. */
  let organiser: Page;
  let organiserProblems: string[];
  let scanPageUrl: string;
  let linkUrl: string;
  /** The door staff's phone: its own Chromium, whose camera shows ticket 1's QR. */
  let doorBrowser: Browser;
  let door: { context: BrowserContext; page: Page; problems: string[]; scanCalls: number; kitsFetched: number };

  beforeAll(async () => {
    org = await organiserWithOpenShop();
    purchase = await guestBuys(org, 3);
    ticket = (n) => purchase.tickets[n - 1]!;
    organiser = await signedInPage(org.owner);
    organiserProblems = collectProblems(organiser);
    scanPageUrl = `${stack.bffUrl}/o/${org.orgId}/events/${org.eventId}/scan`;
    // The camera's video, once the code is known: a phone held up to ticket 1.
    const video = writeQrVideo(`scanner-ticket-1-${purchase.orderId}`, ticket(1).code);
    doorBrowser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
  }, 120_000);

  afterAll(async () => {
    await doorBrowser?.close();
  });

  it('the organiser creates the scan link "Main entrance" on the event\'s scan page and sees its address once', async () => {
    await organiser.goto(scanPageUrl);
    await organiser.getByTestId('scan-links-empty').waitFor();
    await organiser.getByTestId('scan-link-name').fill(LINK_NAME);
    await organiser.getByTestId('scan-link-create').click();
    const url = organiser.getByTestId('scan-link-url');
    await url.waitFor();
    linkUrl = (await url.inputValue()).trim();
    expect(linkUrl).toMatch(new RegExp(`^${stack.bffUrl}/scan/[A-Za-z0-9_-]{43}$`));
    await organiser.getByTestId('scan-link-qr').waitFor();
    await shot(organiser, 'scanner-link-created');
    await organiser.getByTestId('scan-link-done').click();
    await organiser.getByTestId('scan-link-created').waitFor({ state: 'detached' });
    const row = organiser.getByTestId('scan-link-row');
    expect(await row.count()).toBe(1);
    expect(await row.getAttribute('data-status')).toBe('active');
    expect(await text(row.locator('td').first())()).toBe(LINK_NAME);
    // Shown once: after a reload the list has the link, but its address is nowhere on the page.
    await organiser.reload();
    await organiser.getByTestId('scan-link-row').waitFor();
    expect(await organiser.content()).not.toContain(linkUrl.split('/scan/')[1]!);
    expect(organiserProblems).toEqual([]);
  });

  it('at the door the phone camera reads ticket 1: Valid once, not again while in view, then Already used at "Main entrance"', async () => {
    const context = await doorBrowser.newContext(phone);
    const page = await context.newPage();
    door = { context, page, problems: collectProblems(page), scanCalls: 0, kitsFetched: 0 };
    page.on(
      'request',
      (request) =>
        request.method() === 'POST' && new URL(request.url()).pathname === '/api/scan' && (door.scanCalls += 1),
    );
    page.on(
      'response',
      (response) =>
        new URL(response.url()).pathname === '/api/scan/offline-kit' && response.ok() && (door.kitsFetched += 1),
    );

    await page.goto(linkUrl);
    await page.locator('[data-testid="scanner"][data-phase="ready"]').waitFor();
    expect(await text(page.getByTestId('scanner-event'))()).toBe(EVENT_NAME);
    expect(await text(page.getByTestId('scanner-device'))()).toBe(`This device: ${LINK_NAME}`);
    const counts = page.getByTestId('scan-counts');
    expect([await counts.getAttribute('data-checked-in'), await counts.getAttribute('data-sold')]).toEqual(['0', '3']);
    // The phone's screen without scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);

    const camera = page.getByTestId('scanner-camera');
    const result = page.getByTestId('scan-result');
    const firstScan = new Date();
    await page.getByTestId('camera-start').tap();
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getAttribute('data-result')).toBe('valid');
    expect(await result.getAttribute('data-offline')).toBe('false');
    expect(await text(page.getByTestId('scan-result-title'))()).toBe('Valid');
    expect(await text(page.getByTestId('scan-result-ticket'))()).toContain(`Ticket ${ticket(1).reference}`);
    // Full screen, so that it reads from a metre away.
    expect(await result.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    await shot(page, 'scanner-valid');
    expect(await camera.getAttribute('data-state')).toBe('scanning');

    // It goes by itself after ~2.5 s; the QR is still in front of the camera, and it is not scanned again.
    await result.waitFor({ state: 'detached', timeout: 6_000 });
    expect(await settled(attribute(counts, 'data-checked-in'), '1')).toBe('1');
    await page.waitForTimeout(SAME_CODE_WINDOW_MS + 1_000);
    expect(await camera.getAttribute('data-state')).toBe('scanning');
    expect(await result.count()).toBe(0);
    expect(door.scanCalls).toBe(1);

    // A deliberate second scan: the camera stopped, the ticket out of sight for longer than the window, started again.
    await page.getByTestId('camera-stop').tap();
    await page.locator('[data-testid="scanner-camera"][data-state="idle"]').waitFor();
    await page.waitForTimeout(SAME_CODE_WINDOW_MS + 300);
    await page.getByTestId('camera-start').tap();
    await page.locator('[data-testid="scan-result"][data-result="already_used"]').waitFor({ timeout: 20_000 });
    expect(await text(page.getByTestId('scan-result-title'))()).toBe('Already used');
    const body = await text(page.getByTestId('scan-result-body'))();
    expect(minutesSince(firstScan).map((time) => `Checked in ${time} at ${LINK_NAME}.`)).toContain(body);
    await shot(page, 'scanner-already-used');
    await result.tap();
    await result.waitFor({ state: 'detached' });
    await page.getByTestId('camera-stop').tap();
    await page.locator('[data-testid="scanner-camera"][data-state="idle"]').waitFor();

    // The reference typed as a person would: lower case, no dash.
    await page.getByTestId('manual-code').fill(ticket(1).reference.replace('-', '').toLowerCase());
    await page.getByTestId('manual-submit').tap();
    await page.locator('[data-testid="scan-result"][data-result="already_used"]').waitFor();
    expect(await text(page.getByTestId('scan-result-body'))()).toBe(body);
    await result.tap();
    await result.waitFor({ state: 'detached' });

    expect(door.scanCalls).toBe(3);
    expect([await counts.getAttribute('data-checked-in'), await counts.getAttribute('data-sold')]).toEqual(['1', '3']);
    expect(await text(counts)()).toBe('1 of 3 checked in');
    expect(door.problems).toEqual([]);
  });

  it('offline with the ticket list on the phone, ticket 2 is admitted and queued; back online it is uploaded and counted', async () => {
    const { page, context } = door;
    // The scanner fetched its ticket list when it opened (and keeps it on the phone).
    expect(door.kitsFetched).toBeGreaterThanOrEqual(1);
    await context.setOffline(true);
    await page.locator('[data-testid="scanner"][data-online="false"]').waitFor();
    const banner = page.getByTestId('offline-banner');
    expect(await banner.getAttribute('data-online')).toBe('false');
    expect(await banner.getAttribute('data-queue')).toBe('0');
    const offlineWords = await text(banner)();
    expect(offlineWords).toContain('Offline: tickets are checked on this device and uploaded later.');
    expect(offlineWords).toMatch(/Ticket list of .+ \(3 tickets\)/);

    await page.getByTestId('manual-code').fill(ticket(2).reference);
    await page.getByTestId('manual-submit').tap();
    const result = page.getByTestId('scan-result');
    await result.waitFor();
    expect(await result.getAttribute('data-result')).toBe('valid');
    expect(await result.getAttribute('data-offline')).toBe('true');
    expect(await text(page.getByTestId('scan-result-offline'))()).toBe(
      'Checked offline: uploaded when the connection is back',
    );
    expect(await text(page.getByTestId('scan-result-ticket'))()).toContain(`Ticket ${ticket(2).reference}`);
    await shot(page, 'scanner-offline-valid');
    await result.tap();
    await result.waitFor({ state: 'detached' });
    expect(await banner.getAttribute('data-queue')).toBe('1');
    expect(await text(page.getByTestId('offline-queue'))()).toBe('1 check-in waiting to upload.');
    expect(await page.getByTestId('scan-counts').getAttribute('data-checked-in')).toBe('2');
    await shot(page, 'scanner-offline-queued');

    // The network is back: the queue goes up by itself, and nothing needs attention.
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.getByTestId('scanner').getAttribute('data-online')).toBe('true');
    expect(await page.getByTestId('sync-notice').count()).toBe(0);
    expect(await page.getByTestId('scan-counts').getAttribute('data-checked-in')).toBe('2');

    // The organiser sees both check-ins: on the scan page, the event's Overview and its Attendees.
    await organiser.goto(scanPageUrl);
    expect(await organiser.getByTestId('scan-counts').getAttribute('data-checked-in')).toBe('2');
    await organiser.goto(`${stack.bffUrl}/o/${org.orgId}/events/${org.eventId}`);
    expect(await text(organiser.getByTestId('stats-checked-in'))()).toBe('2');
    expect(await text(organiser.getByTestId('stats-sold'))()).toBe('3');
    await organiser.goto(`${stack.bffUrl}/o/${org.orgId}/events/${org.eventId}?tab=attendees&q=${ticket(2).reference}`);
    const rows = organiser.getByTestId('attendees').locator('tbody tr');
    expect(await rows.count()).toBe(1);
    const row = await text(rows.first())();
    expect(row).toContain(ticket(2).reference);
    expect(row).toContain(LINK_NAME);
    expect(organiserProblems).toEqual([]);
    expect(door.problems).toEqual([]);
  });

  it('ticket 3 admitted offline at the door and online by the organiser: the upload reports it and the scan page lists the conflict', async () => {
    const { page, context } = door;
    await context.setOffline(true);
    await page.locator('[data-testid="scanner"][data-online="false"]').waitFor();
    // The whole code, as a hand-held QR reader types it: checked against the organiser's key on the phone.
    await page.getByTestId('manual-code').fill(ticket(3).code);
    await page.getByTestId('manual-code').press('Enter');
    const result = page.getByTestId('scan-result');
    await result.waitFor();
    expect([await result.getAttribute('data-result'), await result.getAttribute('data-offline')]).toEqual([
      'valid',
      'true',
    ]);
    await result.tap();
    await result.waitFor({ state: 'detached' });
    expect(await page.getByTestId('offline-banner').getAttribute('data-queue')).toBe('1');

    // Meanwhile the organiser's own scanner, online, admits the same ticket by its reference.
    await organiser.goto(scanPageUrl);
    await organiser.getByTestId('manual-code').fill(ticket(3).reference);
    await organiser.getByTestId('manual-submit').click();
    const organiserResult = organiser.getByTestId('scan-result');
    await organiserResult.waitFor();
    expect([
      await organiserResult.getAttribute('data-result'),
      await organiserResult.getAttribute('data-offline'),
    ]).toEqual(['valid', 'false']);
    await organiserResult.click();
    await organiserResult.waitFor({ state: 'detached' });
    const organiserDevice = (await text(organiser.getByTestId('scanner-device'))()).replace('This device: ', '');
    expect(organiserDevice).toMatch(/^Organiser /);

    // The door is back online: its upload finds the ticket admitted already, and says so until dismissed.
    await context.setOffline(false);
    const notice = page.locator('[data-testid="sync-notice"][data-outcome="conflict"]');
    await notice.waitFor({ timeout: 30_000 });
    const noticeText = await text(notice)();
    expect(noticeText).toContain(`Admitted twice · ${ticket(3).reference}`);
    expect(noticeText).toContain(`at ${organiserDevice}.`);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    expect(await settled(attribute(page.getByTestId('scan-counts'), 'data-checked-in'), '3')).toBe('3');
    await shot(page, 'scanner-sync-conflict');
    await notice.getByRole('button', { name: 'Dismiss' }).tap();
    await notice.waitFor({ state: 'detached' });

    // The organiser's conflicts: the first admission (theirs) counts; the door's is the second.
    await organiser.getByTestId('scan-conflicts-refresh').click();
    const conflict = organiser.getByTestId('scan-conflict-row');
    await conflict.waitFor();
    expect(await conflict.count()).toBe(1);
    expect(await conflict.getAttribute('data-ticket-id')).toBe(ticket(3).id);
    const cells = (await conflict.locator('td').allInnerTexts()).map((cell) => cell.trim());
    expect(cells[0]).toBe(ticket(3).reference);
    expect(cells[1]).toMatch(new RegExp(`at ${organiserDevice}$`));
    expect(cells[2]).toMatch(new RegExp(`at ${LINK_NAME}$`));
    await shot(organiser, 'scanner-organiser-conflicts');

    // The dashboard follows the entrance from ticketing's events: the event's card counts the three admitted (the
    // twice-admitted ticket once), and "Needs attention" points at the conflict.
    await organiser.goto(`${stack.bffUrl}/o/${org.orgId}`);
    const card = organiser.getByTestId('overview-event').filter({ hasText: EVENT_NAME });
    const conflictItem = organiser.getByTestId('attention-scan-conflicts');
    await eventually('the check-ins and the conflict on the dashboard', async () => {
      const checkIns = card.getByTestId('overview-event-check-ins');
      if (
        (await checkIns.count()) === 1 &&
        (await checkIns.innerText()).startsWith('3 of') &&
        (await conflictItem.count()) === 1
      )
        return true;
      await organiser.reload();
      return undefined;
    });
    expect(await card.getByTestId('overview-event-check-ins').locator('p').innerText()).toMatch(
      /^3 of \d+ checked in$/,
    );
    expect(
      await card.getByTestId('overview-event-check-ins').getByRole('progressbar').getAttribute('aria-valuenow'),
    ).toBe('3');
    expect(await conflictItem.innerText()).toBe(`1 ticket was admitted twice at ${EVENT_NAME}. See the conflicts`);
    await conflictItem.getByRole('link', { name: 'See the conflicts' }).click();
    await organiser.waitForURL(scanPageUrl);
    await organiser.getByTestId('scan-conflict-row').waitFor();
    await shot(organiser, 'dashboard-entrance');
    expect(organiserProblems).toEqual([]);
    expect(door.problems).toEqual([]);
  });

  it('a ticket refunded in full scans as canceled, and a forged code as invalid', async () => {
    const refunded = await guestBuys(org, 1);
    const [canceledTicket] = refunded.tickets;

    // The organiser refunds the order in full; the guest's ticket page then says canceled and shows no QR.
    await organiser.goto(`${stack.bffUrl}/o/${org.orgId}/orders/${refunded.orderId}`);
    const number = await text(organiser.getByTestId('order-number'))();
    await organiser.getByTestId('order-actions').getByRole('button', { name: 'Refund' }).click();
    const dialog = organiser.getByRole('dialog', { name: `Refund order ${number}` });
    await dialog.getByRole('button', { name: 'Refund in full' }).click();
    await dialog.waitFor({ state: 'detached' });
    const guest = await browser().newContext(desktop);
    const ticketPage = await guest.newPage();
    await eventually('the ticket to be canceled', async () => {
      await ticketPage.goto(`${stack.bffUrl}${ticketHref(canceledTicket!)}`);
      return (await ticketPage.getByTestId('ticket-canceled').count()) > 0 ? true : undefined;
    });
    expect(await ticketPage.getByTestId('ticket-qr').count()).toBe(0);
    await guest.close();

    // The guest shows the QR they kept (a screenshot, the e-mail): the door refuses it.
    const { page } = door;
    const result = page.getByTestId('scan-result');
    await page.getByTestId('manual-code').fill(canceledTicket!.code);
    await page.getByTestId('manual-code').press('Enter');
    await result.waitFor();
    expect([await result.getAttribute('data-result'), await result.getAttribute('data-offline')]).toEqual([
      'canceled',
      'false',
    ]);
    expect(await text(page.getByTestId('scan-result-title'))()).toBe('Canceled or revoked');
    await shot(page, 'scanner-canceled');
    await result.tap();
    await result.waitFor({ state: 'detached' });

    await page.getByTestId('manual-code').fill('KT1.x.y.z');
    await page.getByTestId('manual-submit').tap();
    await result.waitFor();
    expect([await result.getAttribute('data-result'), await result.getAttribute('data-offline')]).toEqual([
      'invalid',
      'false',
    ]);
    expect(await text(page.getByTestId('scan-result-title'))()).toBe('Invalid');
    await result.tap();
    await result.waitFor({ state: 'detached' });
    // Neither changed the count: 3 of the 3 tickets still sold.
    expect(
      await settled(
        async () => [
          await page.getByTestId('scan-counts').getAttribute('data-checked-in'),
          await page.getByTestId('scan-counts').getAttribute('data-sold'),
        ],
        ['3', '3'],
      ),
    ).toEqual(['3', '3']);
    expect(organiserProblems).toEqual([]);
    expect(door.problems).toEqual([]);
  });

  it("the organiser revokes the link: the door's next scan is refused, and the address is the not-valid page", async () => {
    await organiser.goto(scanPageUrl);
    const row = organiser.getByTestId('scan-link-row');
    // Two admissions through the link (ticket 1 online, ticket 2 uploaded); ticket 3 was the organiser's.
    expect(await text(row.getByTestId('scan-link-check-ins'))()).toBe('2');
    // The phone also asks for its counts every 15 s, which would find the link revoked by itself: freshly opened, the
    // door's own scan comes first.
    const { page } = door;
    await page.reload();
    await page.locator('[data-testid="scanner"][data-phase="ready"]').waitFor();
    await row.getByTestId('scan-link-revoke').click();
    const confirm = organiser.getByRole('alertdialog', { name: `Revoke “${LINK_NAME}”?` });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await confirm.waitFor({ state: 'detached' });
    await organiser.locator('[data-testid="scan-link-row"][data-status="revoked"]').waitFor();
    expect(await row.getByTestId('scan-link-revoke').count()).toBe(0);
    expect(organiserProblems).toEqual([]);

    await page.getByTestId('manual-code').fill(ticket(2).reference);
    await page.getByTestId('manual-submit').tap();
    await page.locator('[data-testid="scanner"][data-phase="revoked"]').waitFor();
    expect(await text(page.getByTestId('scanner-revoked'))()).toContain('This scan link is not valid');
    expect(await page.getByTestId('scan-result').count()).toBe(0);
    await shot(page, 'scanner-link-revoked');

    const reopened = await page.goto(linkUrl);
    expect(reopened?.status()).toBe(404);
    await page.getByTestId('scan-link-invalid').getByRole('heading', { name: 'This scan link is not valid' }).waitFor();
    // The refused scan and the page itself, nothing else.
    expect(
      door.problems.map((problem) =>
        problem.replace(stack.bffUrl, '').replace(/\/scan\/[A-Za-z0-9_-]+$/, '/scan/{secret}'),
      ),
    ).toEqual(['404 /api/scan', '404 /scan/{secret}']);
  });
});
