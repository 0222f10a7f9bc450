// Site behaviour in Chromium (spec §2, §8): route guards in order, configured redirects (internal and external),
// the two 404s, the error page (and its absence for crawlers), <html lang dir>, the canonical link, the new-version
// notice, the chunk-load reload guard and analytics staying silent without a key.
//
// These tests run their own BFF process on the built app so that they can configure it: a redirect rule to a second
// local origin (the mail inbox) and an identity address where nothing listens, so that /account fails for a real
// reason (identity unreachable) and shows the error page.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newId } from '@kassa/platform/ids';
import { launchBrowser, settledTitle } from '@kassa/testing/browser';
import {
  type ManagedProcess,
  artifactsDir,
  freePorts,
  repoRoot,
  startProcess,
  waitForHttp,
} from '@kassa/testing/processes';
import { stackInfo } from '@kassa/testing/stack-info';

jest.setTimeout(120_000);

const stack = stackInfo();
const GOOGLEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/130.0.0.0 Safari/537.36';
let bff: ManagedProcess;
let bffUrl: string;
let bffLog: string;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  bffLog = join(artifactsDir, `${stack.namespace}-bff-site.log`);
  const [port, nobodyListens] = (await freePorts(2)) as [number, number];
  bffUrl = `http://localhost:${port}`;
  bff = startProcess(
    `${stack.namespace}-bff-site`,
    process.execPath,
    [join(repoRoot, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port)],
    {
      ...stack.env,
      PORT: String(port),
      // No metrics port: the shared stack's BFF has one, and 9100 may be taken by `npm run up`.
      METRICS_PORT: '0',
      IDENTITY_GRPC_ADDRESS: `127.0.0.1:${nobodyListens}`,
      KASSA_REDIRECT_RULES: JSON.stringify([{ source: '/help', destination: `${stack.mailInboxUrl}/api/messages` }]),
    },
    join(repoRoot, 'bff'),
  );
  await waitForHttp(`${bffUrl}/api/build`, 'site BFF', 60_000, bff);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await bff?.stop();
});
beforeEach(async () => {
  context = await browser.newContext();
});
afterEach(async () => {
  await context?.close();
});

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sessionCookie = () => ({ name: 'kassa_session', value: randomBytes(32).toString('base64url'), url: bffUrl });

describe('route guards', () => {
  it.each(['/account', `/o/${newId('org')}`, `/o/${newId('org')}/events?page=2`, '/edit/x', '/nl/account'])(
    '%s without a session goes to sign-in, with next',
    async (path) => {
      const page = await context.newPage();
      await page.goto(`${bffUrl}${path}`);
      const url = new URL(page.url());
      expect(url.pathname).toBe(path.startsWith('/nl/') ? '/nl/sign-in' : '/sign-in');
      expect(url.searchParams.get('next')).toBe(path);
    },
  );

  it('checks page validity before the session: an invalid id is "Page Not Found"', async () => {
    const page = await context.newPage();
    for (const path of [
      '/o/org_x',
      '/nl/o/org_x/events',
      `/o/${newId('org')}/events/${newId('shp')}`,
      '/event/nope',
      '/order/ord_1',
      `/ticket/${newId('evt')}`,
      '/s/x',
      '/scan/short',
    ]) {
      const response = await page.goto(`${bffUrl}${path}`);
      expect(response?.status()).toBe(404);
      expect(page.url()).toBe(`${bffUrl}${path}`);
      await expect(page.locator('body').innerText()).resolves.toContain(`Page Not Found: ${path}`);
    }
  });

  it('follows a configured internal redirect, keeping the locale', async () => {
    const page = await context.newPage();
    await page.goto(`${bffUrl}/login`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.goto(`${bffUrl}/nl/login`);
    expect(new URL(page.url()).pathname).toBe('/nl/sign-in');
  });

  it('leaves the site with a full page load for a configured external redirect', async () => {
    const page = await context.newPage();
    await page.goto(`${bffUrl}/`);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) documents.push(request.url());
    });
    // As a visitor would: a link on a page of the site.
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/nl/help', textContent: 'Help' });
      document.body.append(link);
    });
    await Promise.all([
      page.waitForURL(`${stack.mailInboxUrl}/api/messages`),
      page.getByText('Help', { exact: true }).click(),
    ]);
    expect(documents).toEqual([`${bffUrl}/nl/help`, `${stack.mailInboxUrl}/api/messages`]);
    const redirect = await fetch(`${bffUrl}/help`, { redirect: 'manual' });
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get('location')).toBe(`${stack.mailInboxUrl}/api/messages`);
  });
});

describe('404 and the error page', () => {
  it.each([
    ['/no-such-page', 'Page not found: /no-such-page'],
    ['/nl/bestaat/niet', 'Pagina niet gevonden: /nl/bestaat/niet'],
  ])('an unknown path %s is a 404 naming it', async (path, message) => {
    const page = await context.newPage();
    const response = await page.goto(`${bffUrl}${path}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found').innerText()).resolves.toContain(message);
  });

  async function failingAccountPage(userAgent?: string): Promise<{ page: Page; reports: string[] }> {
    const own = await browser.newContext(userAgent ? { userAgent } : {});
    await own.addCookies([sessionCookie()]);
    const page = await own.newPage();
    const reports: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith('[kassa] '))
        reports.push(message.text().slice('[kassa] '.length));
    });
    page.on('close', () => void own.close());
    // Identity is unreachable: the account page cannot tell who is signed in and fails.
    // A bot's failing render is an empty shell that never hydrates: its test waits for the network to settle instead.
    await page.goto(`${bffUrl}/account`, { waitUntil: userAgent ? 'commit' : 'load' });
    return { page, reports };
  }

  it('shows the application error page for a failing page: title linking home, status, message, and a way home', async () => {
    const { page, reports } = await failingAccountPage();
    const errorPage = page.getByTestId('error-page');
    await errorPage.waitFor();
    await expect(page.getByTestId('error-status').innerText()).resolves.toBe('500');
    await expect(errorPage.getByRole('heading').innerText()).resolves.toBe('Internal Server Error');
    await expect(page.locator('header a[href="/"]').innerText()).resolves.toBe('Kassa');
    await until(() => reports.length > 0, 'an error report on the console');
    expect(JSON.parse(reports[0]!)).toMatchObject({
      event: 'client_error',
      boundary: 'page',
      path: '/account',
      crawler: false,
    });
    await Promise.all([
      page.waitForURL(`${bffUrl}/`),
      errorPage.getByRole('button', { name: 'Back to the home page' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Sell tickets for your events' }).waitFor();
    await page.close();
  });

  it('reports an error seen by a search-engine bot but shows it no error page', async () => {
    const { page, reports } = await failingAccountPage(GOOGLEBOT);
    // Next renders the whole document at once for bots; a failing render leaves an empty error shell with 500.
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('error-page').count()).resolves.toBe(0);
    await expect(page.locator('body').innerText()).resolves.toBe('');
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
    expect(reports.filter((line) => !line.includes('"crawler":true'))).toEqual([]);
    // Reported on the server, marked as a crawler's: a JSON line of the BFF's logger among Next's own output.
    const serverReports = () =>
      readFileSync(bffLog, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes('"event":"request_error"'))
        .map((line) => JSON.parse(line) as { path: string; crawler: boolean; method: string; service: string });
    await until(() => serverReports().some((report) => report.crawler), "the server's report of the crawler's error");
    expect(serverReports().find((report) => report.crawler)).toMatchObject({
      service: 'bff',
      method: 'GET',
      path: '/account',
      crawler: true,
    });
    await page.close();
  });
});

describe('the document', () => {
  it.each([
    ['/', 'en', 'Sell tickets for your events · Kassa'],
    ['/nl', 'nl', 'Verkoop tickets voor je evenementen · Kassa'],
    ['/nl/sign-in', 'nl', 'Inloggen · Kassa'],
  ])('%s: <html lang dir> follow the locale, the title the route', async (path, lang, title) => {
    const page = await context.newPage();
    await page.goto(`${bffUrl}${path}`);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('ltr');
    expect(await settledTitle(page, title)).toBe(title);
  });

  it('links the canonical URL: this path and only the whitelisted query parameters, sorted', async () => {
    const page = await context.newPage();
    await page.goto(`${bffUrl}/sign-in?utm_source=news&q=rock&page=2&fbclid=abc`);
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(
      `${bffUrl}/sign-in?page=2&q=rock`,
    );
    await page.goto(`${bffUrl}/nl/sign-up?status=paid&status=paid&ref=x`);
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(
      `${bffUrl}/nl/sign-up?status=paid`,
    );
  });
});

describe('browser runtime', () => {
  it('sends no analytics without a key: every request stays on the site and none goes to the ingest path', async () => {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${bffUrl}/?q=1`);
    await Promise.all([
      page.waitForURL(`${bffUrl}/sign-in`),
      page.getByRole('link', { name: 'Sign in', exact: true }).click(),
    ]);
    await page.goBack();
    await page.waitForLoadState('networkidle');
    expect(requests.length).toBeGreaterThan(3);
    expect(requests.filter((url) => !url.startsWith(`${bffUrl}/`))).toEqual([]);
    expect(requests.filter((url) => /\/ingest|posthog|\/e\/|\/flags/.test(new URL(url).pathname))).toEqual([]);
  });

  it('polls the build hourly and offers a reload only when a new version is out', async () => {
    const page = await context.newPage();
    await page.clock.install();
    const polls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/build') polls.push(request.url());
    });
    await page.goto(`${bffUrl}/`);
    await page.locator('html[data-kassa-runtime="ready"]').waitFor({ state: 'attached' });
    await page.clock.runFor(3_599_000);
    expect(polls).toEqual([]);
    // The same build: nothing to offer.
    const sameBuild = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/build');
    await page.clock.runFor(1_000);
    const { buildId } = (await (await sameBuild).json()) as { buildId: string };
    expect(buildId).toMatch(/^[a-z0-9]+-[0-9a-f]{8}$/);
    await expect(page.getByTestId('build-update-notice').count()).resolves.toBe(0);
    // Deployed meanwhile: the next poll sees another build.
    await page.route('**/api/build', (route) => route.fulfill({ json: { buildId: `${buildId}-next` } }));
    await page.clock.runFor(3_600_000);
    const notice = page.getByTestId('build-update-notice');
    await notice.waitFor();
    await expect(notice.innerText()).resolves.toContain('A new version is available');
    await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Reload' }).click()]);
  });

  it('reloads once per path within 10 s when a chunk of the build fails to load', async () => {
    const page = await context.newPage();
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto(`${bffUrl}/sign-up`);
    const ready = () => page.locator('html[data-kassa-runtime="ready"]').waitFor({ state: 'attached' });
    await ready();
    const failChunk = () =>
      page.evaluate(() => {
        const script = Object.assign(document.createElement('script'), {
          src: `/_next/static/chunks/gone-${Date.now()}.js`,
        });
        document.head.append(script);
      });
    await Promise.all([page.waitForEvent('load'), failChunk()]);
    expect(loads).toBe(2);
    await ready();
    // Within 10 s of that reload: no second reload (no loop when the chunk is missing for good).
    await failChunk();
    await page.waitForTimeout(1_500);
    expect(loads).toBe(2);
    // Another path has its own allowance.
    await page.goto(`${bffUrl}/sign-in`);
    await ready();
    await Promise.all([page.waitForEvent('load'), failChunk()]);
    expect(loads).toBe(4);
  });
});
