import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { collectProblems, settledTitle, shot, useBrowser } from '@kassa/testing/browser';
import { codeFrom, waitForMessagesTo } from '@kassa/testing/mail';
import { stackInfo } from '@kassa/testing/stack-info';

jest.setTimeout(180_000);

const stack = stackInfo();
const browser = useBrowser();

/**
 * Signs the address in through the real form (a code by e-mail). Lands on `next`, or without one on the dashboard:
 * /o/new for someone without an organisation, else their organisation.
 */
async function signIn(
  context: BrowserContext,
  address: string,
  expectedMessages: number,
  next?: string,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${stack.bffUrl}/sign-in${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.getByLabel('Email').fill(address);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').waitFor();
  const [latest] = await waitForMessagesTo(stack.mailInboxUrl, address, expectedMessages);
  await page.getByLabel('Verification code').fill(codeFrom(latest!));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(next ? `${stack.bffUrl}${next}` : /\/o\/(new|org_[0-9a-z]{26})$/);
  return page;
}

const sessionOf = (page: Page) =>
  page.evaluate(async () => (await fetch('/api/_auth/session')).json() as Promise<unknown>);

describe('the organiser shell in Chromium', () => {
  const address = `organiser-${randomBytes(4).toString('hex')}@example.test`;

  it('creates the first organisation, visits every sidebar entry, navigates with Ctrl+K and signs out from the user menu', async () => {
    const context = await browser().newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    const page = await signIn(context, address, 1);
    const problems = collectProblems(page);

    // Someone without an organisation is welcomed at /o/new and creates one.
    await page.waitForURL(`${stack.bffUrl}/o/new`);
    await page.getByRole('heading', { name: 'Welcome to Kassa!' }).waitFor();
    await shot(page, 'organisation-first-run');
    const form = page.getByTestId('create-organisation-form');
    await form.getByLabel('Name', { exact: true }).fill('Shell Events');
    await form.getByRole('button', { name: 'Create organisation' }).click();
    await page.waitForURL(/\/o\/org_[0-9a-z]{26}$/);
    const orgPath = new URL(page.url()).pathname;
    await page.getByTestId('page-overview').waitFor();
    await page.getByRole('heading', { name: 'Shell Events' }).waitFor();
    expect(await settledTitle(page, 'Dashboard · Kassa')).toBe('Dashboard · Kassa');
    await shot(page, 'dashboard-overview');

    // "Dashboard" on the account page leads back to it.
    await page.goto(`${stack.bffUrl}/account`);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${stack.bffUrl}${orgPath}`);

    const sidebar = page.getByTestId('sidebar');
    const entries = [
      ['Events', `${orgPath}/events`, 'page-events', 'No events found'],
      ['Shops', `${orgPath}/shops`, 'page-shops', 'No items found'],
      ['Payments', `${orgPath}/payments`, 'page-payments', 'No payments yet'],
      ['Orders', `${orgPath}/orders`, 'page-orders', 'No orders yet'],
      ['Scan Tickets', `${orgPath}/scan`, 'page-scan-pick', 'No events found'],
      ['Settings', `${orgPath}/settings`, 'page-settings-overview', null],
      ['Dashboard', orgPath, 'page-overview', 'No events found'],
    ] as const;
    for (const [label, path, testId, empty] of entries) {
      await sidebar.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`${stack.bffUrl}${path}`);
      const content = page.getByTestId(testId);
      await content.waitFor();
      if (empty) await content.getByTestId('empty-state').getByText(empty).waitFor();
      expect(await sidebar.getByRole('link', { name: label, exact: true }).getAttribute('aria-current')).toBe('page');
    }

    // The settings tabs are routes; the owner sees all three.
    await page.goto(`${stack.bffUrl}${orgPath}/settings`);
    expect(await page.getByTestId('general-settings-form').getByLabel('Name', { exact: true }).inputValue()).toBe(
      'Shell Events',
    );
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Members' }).click();
    await page.getByTestId('page-settings-members').waitFor();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Payments' }).click();
    await page.getByTestId('plan-standard').waitFor();

    // Ctrl+K opens the command menu; choosing an entry navigates.
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await shot(page, 'dashboard-command-menu');
    await dialog.getByRole('combobox').fill('Payments');
    await dialog.getByRole('option', { name: 'Payments' }).first().click();
    await page.waitForURL(`${stack.bffUrl}${orgPath}/payments`);
    await page.getByTestId('page-payments').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Documentation from the user menu is a real page.
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Documentation' }).click();
    await page.waitForURL(`${stack.bffUrl}/docs`);
    await page.getByRole('heading', { name: 'Getting started' }).waitFor();

    await page.goto(`${stack.bffUrl}${orgPath}/orders`);
    await page.getByTestId('user-menu-trigger').click();
    await shot(page, 'dashboard-user-menu');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in$/);
    expect(await sessionOf(page)).toBeNull();
    await page.goto(`${stack.bffUrl}${orgPath}`);
    await page.waitForURL(/\/sign-in/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('collapses the sidebar into a sheet on a phone', async () => {
    const context = await browser().newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    // Signed in again, the organiser lands straight in their organisation.
    const page = await signIn(context, address, 2);
    await page.waitForURL(/\/o\/org_[0-9a-z]{26}$/);
    await page.getByTestId('page-overview').waitFor();
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const sheet = page.getByRole('dialog', { name: 'Navigation' });
    await sheet.getByRole('link', { name: 'Shops' }).click();
    await page.getByTestId('page-shops').waitFor();
    await sheet.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('/account in Chromium', () => {
  const address = `account-${randomBytes(4).toString('hex')}@example.test`;

  it('changes the name, lists two sessions and signs the other one out, then switches language', async () => {
    const laptop = await browser().newContext({ locale: 'en-GB' });
    const phone = await browser().newContext({ locale: 'en-GB' });
    const page = await signIn(laptop, address, 1, '/account');
    const other = await signIn(phone, address, 2, '/account');
    expect(await sessionOf(other)).toMatchObject({ user: { email: address } });

    await page.getByLabel('Name').fill('Robin Organiser');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your name has been saved.').waitFor();
    await page.reload();
    expect(await page.getByTestId('account-name').textContent()).toBe('Robin Organiser');
    expect(await sessionOf(page)).toMatchObject({ user: { displayName: 'Robin Organiser' } });

    // A blank name is refused with the spec's words.
    await page.getByLabel('Name').fill('  ');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('displayName-error').getByText('Name is required').waitFor();

    await page.reload();
    const rows = page.getByTestId('session-row');
    expect(await rows.count()).toBe(2);
    expect(await page.getByTestId('current-session').count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/127\.0\.0\.x|Unknown address/);
    await shot(page, 'account-two-sessions');

    await page.locator('[data-testid="session-row"]:not([data-current])').getByRole('button').click();
    await page.getByText('The session has been signed out.').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-row"]').length === 1);
    expect(await sessionOf(other)).toBeNull();
    expect(await sessionOf(page)).toMatchObject({ user: { email: address } });

    // "Sign out of other sessions" ends every other browser at once.
    const third = await browser().newContext();
    const thirdPage = await signIn(third, address, 3, '/account');
    await page.reload();
    await page.getByRole('button', { name: 'Sign out of other sessions' }).click();
    await page.getByText('Signed out of 1 other session.').waitFor();
    expect(await sessionOf(thirdPage)).toBeNull();

    // The language preference is saved on the account and the page reloads in Dutch.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('nl');
    await page.waitForURL(`${stack.bffUrl}/nl/account`);
    await page.getByRole('heading', { name: 'Je account' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    expect(await sessionOf(page)).toMatchObject({ user: { locale: 'nl' } });
    await shot(page, 'account-nl');

    await page.getByRole('combobox', { name: 'Taal' }).selectOption('en');
    await page.waitForURL(`${stack.bffUrl}/account`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();

    for (const context of [laptop, phone, third]) await context.close();
  });

  it('answers 401 to the account endpoints without a session and 404 for a session that is not yours', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${stack.bffUrl}/docs`);
    const anonymous = await page.evaluate(async () => {
      const list = await fetch('/api/account/sessions');
      const patch = await fetch('/api/account/profile', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: '{"displayName":"x"}',
      });
      return [list.status, patch.status];
    });
    expect(anonymous).toEqual([401, 401]);
    await context.close();

    const signedIn = await signIn(
      await browser().newContext(),
      `stranger-${randomBytes(4).toString('hex')}@example.test`,
      1,
      '/account',
    );
    const answers = await signedIn.evaluate(async () => {
      const foreign = await fetch('/api/account/sessions/ses_01jc5v3q8x0000000000000000', { method: 'DELETE' });
      const malformed = await fetch('/api/account/sessions/nope', { method: 'DELETE' });
      return [foreign.status, malformed.status, await malformed.json()];
    });
    expect(answers).toEqual([
      404,
      400,
      {
        message: 'Some fields are not valid. Please check the form and try again.',
        fields: { sessionId: 'ID is invalid' },
      },
    ]);
    await signedIn.context().close();
  });
});
