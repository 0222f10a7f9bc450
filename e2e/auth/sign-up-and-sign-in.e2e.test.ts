import { LOCALES } from '@kassa/contracts/locales';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { collectProblems, shot, useBrowser } from '@kassa/testing/browser';
import { codeFrom, waitForMessagesTo } from '@kassa/testing/mail';
import { stackInfo } from '@kassa/testing/stack-info';

jest.setTimeout(120_000);

const stack = stackInfo();
const browser = useBrowser();

const copy = {
  en: {
    prefix: '',
    email: 'Email',
    name: 'Name',
    send: 'Send code',
    code: 'Verification code',
    signIn: 'Sign in',
    signOut: 'Sign out',
  },
  nl: {
    prefix: '/nl',
    email: 'E-mail',
    name: 'Naam',
    send: 'Code versturen',
    code: 'Verificatiecode',
    signIn: 'Inloggen',
    signOut: 'Uitloggen',
  },
} as const;

async function enterCodeFromInbox(
  page: Page,
  locale: keyof typeof copy,
  address: string,
  expectedMessages: number,
): Promise<void> {
  const t = copy[locale];
  const [latest] = await waitForMessagesTo(stack.mailInboxUrl, address, expectedMessages);
  await page.getByLabel(t.code).fill(codeFrom(latest!));
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
}

describe.each(LOCALES)('e-mail sign-up and sign-in in Chromium (%s)', (locale) => {
  const t = copy[locale];
  const address = `guest-${locale}-${randomBytes(4).toString('hex')}@example.test`;

  it('signs up with a new address, stays signed in across a reload, signs out, and is sent to sign-in from /account', async () => {
    const context = await browser().newContext({ locale: locale === 'nl' ? 'nl-NL' : 'en-GB' });
    const page = await context.newPage();
    const consoleErrors = collectProblems(page);

    await page.goto(`${stack.bffUrl}${t.prefix}/sign-up`);
    expect(await page.getAttribute('html', 'lang')).toBe(locale);
    await page.getByLabel(t.name).fill('Sam Guest');
    await page.getByLabel(t.email).fill(address);
    await shot(page, `sign-up-${locale}`);
    await page.getByRole('button', { name: t.send }).click();
    await page.getByLabel(t.code).waitFor();
    await shot(page, `verify-code-${locale}`);

    await enterCodeFromInbox(page, locale, address, 1);
    // Without a `next`, signing in opens the dashboard: for a new person, the page that creates their organisation.
    await page.waitForURL(`${stack.bffUrl}${t.prefix}/o/new`);
    await page.getByTestId('create-organisation').waitFor();
    await page.goto(`${stack.bffUrl}${t.prefix}/account`);
    await page.getByText(address).waitFor();
    await shot(page, `account-${locale}`);

    await page.reload();
    await page.getByText(address).waitFor();
    const session = await page.evaluate(async () => (await fetch('/api/_auth/session')).json());
    expect(session).toMatchObject({ user: { email: address, displayName: 'Sam Guest' } });

    await page.getByRole('button', { name: t.signOut }).click();
    await page.waitForURL(new RegExp(`${t.prefix}/sign-in`));
    expect(await page.evaluate(async () => (await fetch('/api/_auth/session')).json())).toBeNull();

    await page.goto(`${stack.bffUrl}${t.prefix}/account`);
    await page.waitForURL(new RegExp(`${t.prefix}/sign-in`));
    expect(new URL(page.url()).pathname).toBe(`${t.prefix}/sign-in`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('signs the same person in again with a fresh code', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${stack.bffUrl}${t.prefix}/sign-in`);
    await page.getByLabel(t.email).fill(address.toUpperCase());
    await page.getByRole('button', { name: t.send }).click();
    await page.getByLabel(t.code).waitFor();
    await enterCodeFromInbox(page, locale, address, 2);
    await page.waitForURL(`${stack.bffUrl}${t.prefix}/o/new`);
    await page.goto(`${stack.bffUrl}${t.prefix}/account`);
    await page.getByText(address).waitFor();
    await shot(page, `signed-in-again-${locale}`);

    // The public site knows the visitor: the header offers the account menu, not "Sign in".
    const header = page.locator('header');
    await page.goto(`${stack.bffUrl}${t.prefix}/`);
    await header.getByTestId('site-account-menu').click();
    await page.getByRole('menu').getByText(address).waitFor();
    expect(await header.getByRole('link', { name: t.signIn, exact: true }).count()).toBe(0);
    await shot(page, `site-account-menu-${locale}`);
    await page.keyboard.press('Escape');

    // The sign-in and sign-up forms send a signed-in visitor on: to `next`, else the dashboard.
    await page.goto(`${stack.bffUrl}${t.prefix}/sign-in`);
    await page.waitForURL(`${stack.bffUrl}${t.prefix}/o/new`);
    await page.goto(`${stack.bffUrl}${t.prefix}/sign-up?next=${encodeURIComponent(`${t.prefix}/account`)}`);
    await page.waitForURL(`${stack.bffUrl}${t.prefix}/account`);
    await page.goto(`${stack.bffUrl}${t.prefix}/sign-in?next=${encodeURIComponent('//elsewhere.test/')}`);
    await page.waitForURL(`${stack.bffUrl}${t.prefix}/o/new`);

    // Signing out from the site's menu ends the session; the header offers "Sign in" again.
    await page.goto(`${stack.bffUrl}${t.prefix}/terms`);
    await header.getByTestId('site-account-menu').click();
    await page.getByRole('menuitem', { name: t.signOut }).click();
    await header.getByRole('link', { name: t.signIn, exact: true }).waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/_auth/session')).json())).toBeNull();
    expect(await header.getByTestId('site-account-menu').count()).toBe(0);
    await context.close();
  });
});
