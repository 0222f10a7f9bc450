import type { BrowserContext, Page } from 'playwright-core';
import { testAddress } from '@kassa/testing/accounts';
import { collectProblems, settledTitle, shot, useBrowser } from '@kassa/testing/browser';
import { codeFrom, waitForMessagesTo } from '@kassa/testing/mail';
import { stackInfo } from '@kassa/testing/stack-info';

jest.setTimeout(240_000);

const stack = stackInfo();
const browser = useBrowser();

/** An organiser in a fresh browser: signs up through the real form, then creates an organisation at /o/new. */
async function organiserWithOrganisation(
  context: BrowserContext,
  address: string,
  organisation: string,
  timeZone?: string,
): Promise<{ page: Page; orgPath: string }> {
  const page = await context.newPage();
  await page.goto(`${stack.bffUrl}/sign-up`);
  await page.getByLabel('Name').fill('Olivia Organiser');
  await page.getByLabel('Email').fill(address);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').waitFor();
  const [latest] = await waitForMessagesTo(stack.mailInboxUrl, address, 1);
  await page.getByLabel('Verification code').fill(codeFrom(latest!));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/sign-up'));

  await page.goto(`${stack.bffUrl}/o/new`);
  const form = page.getByTestId('create-organisation-form');
  await form.getByLabel('Name', { exact: true }).fill(organisation);
  if (timeZone) await form.getByLabel('Time zone').selectOption(timeZone);
  await form.getByRole('button', { name: 'Create organisation' }).click();
  await page.waitForURL(/\/o\/org_[0-9a-z]{26}$/);
  return { page, orgPath: new URL(page.url()).pathname };
}

/** A datetime-local value some days from now. */
function localInput(daysAhead: number, hours: number, minutes = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + daysAhead);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(hours)}:${pad(minutes)}`;
}

async function addTicketOption(
  page: Page,
  option: { name: string; description: string; capacity?: string; nlName: string; nlDescription: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Add ticket option' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add ticket option' });
  await dialog.getByLabel('Name', { exact: true }).fill(option.name);
  await dialog.getByLabel('Description', { exact: true }).fill(option.description);
  if (option.capacity) {
    await dialog.getByRole('switch', { name: 'Unlimited' }).click();
    await dialog.getByLabel('Capacity').fill(option.capacity);
  }
  await dialog.getByLabel('Name (Dutch)').fill(option.nlName);
  await dialog.getByLabel('Description (Dutch)').fill(option.nlDescription);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('cell', { name: option.name, exact: true }).waitFor();
}

describe('events in Chromium', () => {
  it('creates an event with two ticket options in English and Dutch, publishes it, shows it publicly, takes it back and deletes it', async () => {
    const context = await browser().newContext({
      locale: 'en-GB',
      timezoneId: 'Europe/Amsterdam',
      viewport: { width: 1280, height: 900 },
    });
    const { page, orgPath } = await organiserWithOrganisation(context, testAddress('events'), 'Harbour Nights');
    const problems = collectProblems(page);

    await page.goto(`${stack.bffUrl}${orgPath}/events`);
    await page.getByTestId('page-events').getByTestId('empty-state').getByText('No events found').waitFor();
    await shot(page, 'events-empty');

    // Create the event in the dialog: English texts (the organisation's language) and a Dutch translation.
    await page.getByRole('button', { name: 'Create event' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create event' });
    await create.getByLabel('Name', { exact: true }).fill('Harbour Jazz Night');
    await create
      .getByLabel('Description', { exact: true })
      .fill('Live jazz on the quay, with food trucks and a view of the boats.');
    await create.getByLabel('Name (Dutch)').fill('Havenjazzavond');
    await create.getByLabel('Description (Dutch)').fill('Livejazz op de kade, met foodtrucks en uitzicht op de boten.');
    await create.getByLabel('Start').fill(localInput(30, 20));
    await create.getByLabel('End').fill(localInput(30, 23, 30));
    await create.getByRole('switch', { name: 'Unlimited' }).click();
    await create.getByLabel('Ticket limit').fill('400');
    await create.getByLabel('Address').fill('Veemkade 1');
    await create.getByLabel('Postal code').fill('1019 HA');
    await create.getByLabel('City').fill('Amsterdam');
    await create.getByLabel('Country').fill('nl');
    await shot(page, 'events-create-dialog');
    await create.getByRole('button', { name: 'Create event' }).click();
    await page.waitForURL(/\/events\/evt_[0-9a-z]{26}$/);
    const eventPath = new URL(page.url()).pathname;
    const eventId = eventPath.split('/').pop()!;
    await page.getByTestId('page-event-overview').waitFor();
    expect(await settledTitle(page, 'Harbour Jazz Night · Kassa')).toBe('Harbour Jazz Night · Kassa');
    expect(await page.getByTestId('event-ticket-limit').textContent()).toBe('400');
    expect(await page.locator('[data-status]').first().getAttribute('data-status')).toBe('draft');

    // Two ticket options, each with Dutch texts.
    await page.getByRole('navigation', { name: 'Event' }).getByRole('link', { name: 'Ticket Options' }).click();
    await page.waitForURL(`${stack.bffUrl}${eventPath}?tab=ticket-options`);
    await page.getByTestId('ticket-options').getByText('No ticket options').waitFor();
    await addTicketOption(page, {
      name: 'Regular',
      description: 'Entry to the quay.',
      nlName: 'Regulier',
      nlDescription: 'Toegang tot de kade.',
    });
    await addTicketOption(page, {
      name: 'Front row',
      description: 'A seat by the stage.',
      capacity: '40',
      nlName: 'Eerste rij',
      nlDescription: 'Een stoel bij het podium.',
    });
    await shot(page, 'event-ticket-options');

    // Publish: the overview shows the public link.
    await page.getByRole('navigation', { name: 'Event' }).getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByTestId('public-link').waitFor();
    expect(await page.getByTestId('public-link').textContent()).toBe(`${stack.bffUrl}/event/${eventId}`);
    await shot(page, 'event-overview-live');

    // The list finds it by name or city and filters by status, all in the URL.
    await page.goto(`${stack.bffUrl}${orgPath}/events`);
    await page.getByLabel('Search events').fill('amsterdam');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${stack.bffUrl}${orgPath}/events?q=amsterdam`);
    await page.getByRole('link', { name: 'Harbour Jazz Night' }).waitFor();
    await shot(page, 'events-list');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'events-list-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('status-filter').getByRole('link', { name: 'Draft' }).click();
    await page.waitForURL(`${stack.bffUrl}${orgPath}/events?q=amsterdam&status=draft`);
    await page.getByText('No events found').waitFor();
    await page.goto(`${stack.bffUrl}${eventPath}`);

    // The public page, in English and in Dutch, for a visitor who is not signed in.
    const guest = await browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
    const visitor = await guest.newPage();
    const english = await visitor.goto(`${stack.bffUrl}/event/${eventId}`);
    expect(english?.status()).toBe(200);
    await visitor.getByRole('heading', { level: 1, name: 'Harbour Jazz Night' }).waitFor();
    expect(await visitor.title()).toBe('Harbour Jazz Night · Kassa');
    expect(await visitor.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      new RegExp(`/event/${eventId}$`),
    );
    const options = visitor.getByTestId('public-ticket-options');
    expect(await options.textContent()).toContain('Regular');
    expect(await options.textContent()).toContain('Front row');
    await visitor.getByText('Veemkade 1, 1019 HA Amsterdam, NL').waitFor();
    await shot(visitor, 'event-public-en');
    const dutch = await visitor.goto(`${stack.bffUrl}/nl/event/${eventId}`);
    expect(dutch?.status()).toBe(200);
    await visitor.getByRole('heading', { level: 1, name: 'Havenjazzavond' }).waitFor();
    expect(await visitor.getAttribute('html', 'lang')).toBe('nl');
    expect(await options.textContent()).toContain('Regulier');
    expect(await options.textContent()).toContain('Eerste rij');
    await visitor.getByText('Livejazz op de kade').waitFor();
    await shot(visitor, 'event-public-nl');
    const dark = await browser().newContext({ locale: 'nl-NL', colorScheme: 'dark', timezoneId: 'Europe/Amsterdam' });
    const darkVisitor = await dark.newPage();
    await darkVisitor.goto(`${stack.bffUrl}/nl/event/${eventId}`);
    await darkVisitor.getByRole('heading', { level: 1, name: 'Havenjazzavond' }).waitFor();
    await shot(darkVisitor, 'event-public-nl-dark');
    await dark.close();

    // Convert to Draft: the public page is gone.
    await page.getByRole('button', { name: 'Convert to Draft' }).click();
    await page.getByRole('button', { name: 'Publish' }).waitFor();
    expect((await visitor.goto(`${stack.bffUrl}/event/${eventId}`))?.status()).toBe(404);
    expect((await visitor.goto(`${stack.bffUrl}/nl/event/${eventId}`))?.status()).toBe(404);

    // The history lists every change with who made it.
    await page.getByRole('navigation', { name: 'Event' }).getByRole('link', { name: 'History' }).click();
    await page.waitForURL(`${stack.bffUrl}${eventPath}?tab=history`);
    const history = page.getByTestId('data-table');
    await history.getByText('Converted to draft').waitFor();
    expect(await history.getByText('Published').count()).toBeGreaterThan(0);
    expect(await history.getByText('Olivia Organiser').count()).toBeGreaterThan(0);
    await shot(page, 'event-history');

    // Settings: edit, then delete with the confirmation; the list no longer shows it.
    await page.getByRole('navigation', { name: 'Event' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${stack.bffUrl}${eventPath}/settings`);
    const settings = page.getByTestId('event-form');
    expect(await settings.getByLabel('Name (Dutch)').inputValue()).toBe('Havenjazzavond');
    expect(await settings.getByLabel('Ticket limit').inputValue()).toBe('400');
    await settings.getByLabel('City').fill('Rotterdam');
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your changes are saved.').waitFor();
    await shot(page, 'event-settings');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'event-settings-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Delete event' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('The event is hidden at once and removed after 14 days. It cannot be recovered.').waitFor();
    await shot(page, 'event-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete event' }).click();
    await page.waitForURL(`${stack.bffUrl}${orgPath}/events`);
    await page.getByTestId('page-events').getByText('No events found').waitFor();
    expect(await page.getByText('Harbour Jazz Night').count()).toBe(0);
    expect((await visitor.goto(`${stack.bffUrl}/event/${eventId}`))?.status()).toBe(404);

    expect(problems).toEqual([]);
    await guest.close();
    await context.close();
  });

  it("edits and shows an event's dates in the event's own time zone, named, wherever the organiser and the guest are", async () => {
    // The organiser's browser is in Amsterdam, the organisation in London, the event in New York.
    const context = await browser().newContext({
      locale: 'en-GB',
      timezoneId: 'Europe/Amsterdam',
      viewport: { width: 1280, height: 900 },
    });
    const { page, orgPath } = await organiserWithOrganisation(
      context,
      testAddress('events-zones'),
      'Atlantic Nights',
      'Europe/London',
    );
    const problems = collectProblems(page);
    await page.goto(`${stack.bffUrl}${orgPath}/events`);
    await page.getByRole('button', { name: 'Create event' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create event' });
    // A new event starts in the organisation's zone, and the form says which zone its dates are in.
    expect(await create.getByLabel('Time zone').inputValue()).toBe('Europe/London');
    await create.getByText("Start and end are in the event's time zone (Europe/London).").waitFor();
    await create.getByLabel('Time zone').selectOption('America/New_York');
    await create.getByText("Start and end are in the event's time zone (America/New_York).").waitFor();
    await create.getByLabel('Name', { exact: true }).fill('Harbour Lights NYC');
    await create.getByLabel('Start').fill('2031-07-10T20:00');
    await create.getByLabel('End').fill('2031-07-10T23:00');
    await create.getByRole('button', { name: 'Create event' }).click();
    await page.waitForURL(/\/events\/evt_[0-9a-z]{26}$/);
    const eventPath = new URL(page.url()).pathname;
    const eventId = eventPath.split('/').pop()!;
    // The overview shows New York's wall clock, named, not Amsterdam's (02:00 the next day).
    const when = /^Jul 10, 2031, 8:00\s?(PM)?\s?–\s?11:00\s?PM EDT$/;
    await page.getByTestId('page-event-overview').waitFor();
    const shown = page.getByTestId('page-event-overview').locator('time[data-time-zone="America/New_York"]');
    expect(await shown.textContent()).toMatch(when);
    // 20:00 in New York (EDT, UTC-4) is midnight UTC: the moment stored.
    expect(await shown.getAttribute('datetime')).toBe('2031-07-11T00:00:00.000Z');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByTestId('public-link').waitFor();

    // A guest in Tokyo reads the same wall clock on the public page, with the zone named.
    const guest = await browser().newContext({ locale: 'en-GB', timezoneId: 'Asia/Tokyo' });
    const visitor = await guest.newPage();
    await visitor.goto(`${stack.bffUrl}/event/${eventId}`);
    await visitor.getByRole('heading', { level: 1, name: 'Harbour Lights NYC' }).waitFor();
    expect(await visitor.locator(`time[data-time-zone="America/New_York"]`).first().textContent()).toMatch(when);

    // Settings edits the same wall clock in the event's zone.
    await page.goto(`${stack.bffUrl}${eventPath}/settings`);
    const settings = page.getByTestId('event-form');
    expect(await settings.getByLabel('Start').inputValue()).toBe('2031-07-10T20:00');
    expect(await settings.getByLabel('Time zone').inputValue()).toBe('America/New_York');
    await shot(page, 'event-settings-time-zone');
    expect(problems).toEqual([]);
    await guest.close();
    await context.close();
  });

  it("shows the spec's messages for bad input and creates nothing", async () => {
    const context = await browser().newContext({ locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
    const { page, orgPath } = await organiserWithOrganisation(context, testAddress('events-bad'), 'Bad Input Club');
    const orgId = orgPath.split('/').pop()!;

    await page.goto(`${stack.bffUrl}${orgPath}/events`);
    await page.getByRole('button', { name: 'Create event' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create event' });
    await create.getByRole('button', { name: 'Create event' }).click();
    await create.getByText('Some fields are not valid. Please check the form and try again.').waitFor();
    expect(await create.getByTestId('name-error').textContent()).toBe('Name is required');
    expect(await create.getByTestId('startsAt-error').textContent()).toBe('Start is required');
    expect(await create.getByTestId('endsAt-error').textContent()).toBe('End is required');
    await create.getByLabel('Name', { exact: true }).fill('Backwards');
    await create.getByLabel('Start').fill(localInput(10, 22));
    await create.getByLabel('End').fill(localInput(10, 20));
    await create.getByRole('switch', { name: 'Unlimited' }).click();
    await create.getByLabel('Ticket limit').fill('0');
    await create.getByRole('button', { name: 'Create event' }).click();
    await create.getByTestId('endsAt-error').getByText('End is invalid').waitFor();
    expect(await create.getByTestId('ticketLimit-error').textContent()).toBe('Minimum value is 1');
    await shot(page, 'events-create-bad-input');

    // The BFF says the same when the browser's checks are skipped, and nothing is created.
    const answer = await page.evaluate(async (url) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: '', startsAt: 'soon', ticketLimit: -1, location: { country: 'Holland' } }),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    }, `/api/organisations/${orgId}/events`);
    expect(answer).toEqual({
      status: 400,
      body: {
        message: 'Some fields are not valid. Please check the form and try again.',
        fields: {
          name: 'Name is required',
          startsAt: 'Start is invalid',
          endsAt: 'End is required',
          ticketLimit: 'Minimum value is 1',
          'location.country': 'Country is invalid',
        },
      },
    });
    const badId = await page.evaluate(
      async (url) => (await fetch(url, { method: 'POST' })).status,
      `/api/organisations/${orgId}/events/evt_nope/publish`,
    );
    expect(badId).toBe(400);
    await page.goto(`${stack.bffUrl}${orgPath}/events`);
    await page.getByTestId('page-events').getByText('No events found').waitFor();
    expect((await page.goto(`${stack.bffUrl}/event/evt_nope`))?.status()).toBe(404);
    await context.close();
  });
});
