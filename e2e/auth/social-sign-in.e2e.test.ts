import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { type OidcStandIn, startOidcStandIn } from '@kassa/testing/oidc-stand-in';
import { consoleErrors, launchBrowser, screenshotsDir } from '@kassa/testing/browser';
import { type Stack, startStack } from '@kassa/testing/stack';

jest.setTimeout(180_000);

// The shared stack's identity runs without social sign-in; this file starts its own, with the stand-in as provider.
let standIn: OidcStandIn;
let stack: Stack;
let bffUrl: string;
let browser: Browser;

beforeAll(async () => {
  standIn = await startOidcStandIn();
  stack = await startStack('social', ['mail', 'identity', 'notifications', 'bff'], {
    env: {
      identity: {
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'standin',
            name: 'Stand-in ID',
            issuer: standIn.issuer,
            clientId: standIn.clientId,
            clientSecretEnv: 'OIDC_STANDIN_CLIENT_SECRET',
          },
        ]),
        OIDC_STANDIN_CLIENT_SECRET: standIn.clientSecret,
      },
    },
  });
  bffUrl = stack.info.bffUrl!;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await standIn?.stop();
});

const MARKER = 'kassa:auth-popup';

describe('social sign-in in a popup (Chromium)', () => {
  it('signs a new person up through the provider popup and lands the opener on /account', async () => {
    const email = `social-${randomBytes(4).toString('hex')}@example.test`;
    standIn.setUser({ sub: `sub-${randomBytes(4).toString('hex')}`, email, email_verified: true, name: 'Sam Social' });
    const context = await browser.newContext();
    // Record what the page asks window.open for (Playwright sizes pages itself, so the window's size says little).
    // Sent to the test as the call happens: once the popup has signed in, the opener navigates away, and a read of
    // the page afterwards could find its context gone.
    let opened: string[] | undefined;
    await context.exposeBinding('kassaRecordOpen', (_source, args: string[]) => {
      opened = args;
    });
    await context.addInitScript(() => {
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        void (window as unknown as { kassaRecordOpen(args: string[]): Promise<void> }).kassaRecordOpen(
          args.map((arg) => String(arg ?? '')),
        );
        return open(...args);
      };
    });
    const page = await context.newPage();
    const problems = consoleErrors(page);

    await page.goto(`${bffUrl}/sign-in`);
    const button = page.getByRole('button', { name: 'Continue with Stand-in ID' });
    await button.waitFor();
    await page.screenshot({ path: join(screenshotsDir, 'social-sign-in-en.png'), fullPage: true });

    const popupOpened = page.waitForEvent('popup');
    await button.click();
    const popup = await popupOpened;
    const closed = popup.isClosed() ? Promise.resolve() : popup.waitForEvent('close', { timeout: 30_000 });
    for (const deadline = Date.now() + 10_000; !opened && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const [url, , features] = opened ?? [];
    expect(url).toBe('/api/_auth/social/standin/start?locale=en');
    expect(features).toMatch(/^popup=yes,width=960,height=600,left=\d+,top=\d+$/);
    // The popup goes to the provider and back, signs in, writes the signal and closes itself.
    await closed;

    // Signed in, the page moves on like the code flow: to the dashboard, /o/new for someone without an organisation.
    await page.waitForURL(`${bffUrl}/o/new`, { timeout: 30_000 });
    await page.goto(`${bffUrl}/account`);
    await page.getByText(email).first().waitFor();
    const session = await page.evaluate(async () => (await fetch('/api/_auth/session')).json());
    expect(session).toMatchObject({ user: { email, displayName: 'Sam Social' } });
    expect(await page.evaluate((key) => localStorage.getItem(key), MARKER)).toBeNull();
    expect(standIn.tokenRequests.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the refusal in the popup, in Dutch, when the provider has not verified the address', async () => {
    standIn.setUser({
      sub: `sub-${randomBytes(4).toString('hex')}`,
      email: `unverified-${randomBytes(4).toString('hex')}@example.test`,
      email_verified: false,
    });
    const context = await browser.newContext({ locale: 'nl-NL' });
    const page = await context.newPage();
    await page.goto(`${bffUrl}/nl/sign-in`);
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Doorgaan met Stand-in ID' }).click();
    const popup = await popupOpened;
    await popup.getByTestId('social-callback-message').waitFor();
    expect(await popup.getByTestId('social-callback-message').textContent()).toBe(
      'Je e-mailadres is bij deze provider niet geverifieerd. Verifieer het daar, of log in met een code per e-mail.',
    );
    await popup.screenshot({ path: join(screenshotsDir, 'social-sign-in-refused-nl.png') });
    expect(await page.evaluate(async () => (await fetch('/api/_auth/session')).json())).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/nl/sign-in');

    // Back to sign-in inside the popup: a stray popup with the marker and no session, so it cleans up and closes.
    const closed = popup.waitForEvent('close', { timeout: 30_000 });
    await popup.getByRole('link', { name: 'Terug naar inloggen' }).click();
    await closed;
    expect(await page.evaluate((key) => localStorage.getItem(key), MARKER)).toBeNull();
    await context.close();
  });

  it('closes a popup opened with the marker but no session, and leaves a window without an opener alone', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${bffUrl}/sign-in`);
    await page.evaluate((key) => localStorage.setItem(key, String(Date.now())), MARKER);

    const popupOpened = page.waitForEvent('popup');
    await page.evaluate(() => void window.open('/sign-in', 'stray', 'popup=yes,width=960,height=600'));
    const popup = await popupOpened;
    if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 30_000 });
    expect(await page.evaluate((key) => localStorage.getItem(key), MARKER)).toBeNull();

    // The same marker in a window nobody opened (the opener reloading) is not a stray popup.
    await page.evaluate((key) => localStorage.setItem(key, 'kept'), MARKER);
    await page.reload();
    await page.getByRole('button', { name: 'Continue with Stand-in ID' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(page.isClosed()).toBe(false);
    expect(await page.evaluate((key) => localStorage.getItem(key), MARKER)).toBe('kept');
    await context.close();
  });
});
