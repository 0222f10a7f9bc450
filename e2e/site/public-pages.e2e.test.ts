import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { consoleErrors, launchBrowser, screenshotsDir } from '@kassa/testing/browser';
import { stackInfo } from '@kassa/testing/stack-info';

jest.setTimeout(300_000);
const stack = stackInfo();

const routes = [
  { name: 'home', path: '/' },
  { name: 'terms', path: '/terms' },
  { name: 'privacy', path: '/privacy' },
  { name: 'contact', path: '/contact' },
  { name: 'sign-in', path: '/sign-in' },
  { name: 'sign-up', path: '/sign-up' },
  { name: 'not-found', path: '/no-such-page', status: 404 },
] as const;
const locales = [
  { locale: 'en', prefix: '' },
  { locale: 'nl', prefix: '/nl' },
] as const;
// 'system' follows the device: emulated here as a dark device, so it must come out dark. Once dark, a page is the
// dark mode's page, checked on every route already, so 'system' is checked on the landing page alone.
const modes = [
  { mode: 'light', stored: 'light', device: 'light', expectDark: false, routes },
  { mode: 'dark', stored: 'dark', device: 'light', expectDark: true, routes },
  { mode: 'system', stored: 'system', device: 'dark', expectDark: true, routes: routes.filter((r) => r.path === '/') },
] as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's source, run through DevTools: a script tag added to the page would be (rightly) refused by its policy. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })),
    }));
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(locales)('public pages in $locale', ({ locale, prefix }) => {
  describe.each(modes)('in $mode mode', ({ mode, stored, device, expectDark, routes }) => {
    it.each(routes)(
      '$name renders without errors, in the right mode, with no A/AA accessibility violations',
      async (route) => {
        const context = await browser.newContext({ colorScheme: device, viewport: { width: 1280, height: 800 } });
        await context.addInitScript((value) => window.localStorage.setItem('kassa-theme', value), stored);
        const page = await context.newPage();
        const problems = consoleErrors(page);
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('response', (response) => {
          const isDocument = response.request().resourceType() === 'document';
          if (response.status() >= 400 && !(isDocument && 'status' in route))
            problems.push(`${response.status()} ${response.url()}`);
        });

        const path = `${prefix}${route.path === '/' && prefix ? '' : route.path}`;
        const response = await page.goto(`${stack.bffUrl}${path}`, { waitUntil: 'networkidle' });
        expect(response?.status()).toBe('status' in route ? route.status : 200);
        expect(await page.getAttribute('html', 'lang')).toBe(locale);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(expectDark);
        expect(await page.title()).not.toBe('');

        await page.screenshot({
          path: join(screenshotsDir, `public-${route.name}-${locale}-${mode}.png`),
          fullPage: true,
        });
        const violations = await axeViolations(page);
        expect({ path, mode, violations }).toEqual({ path, mode, violations: [] });
        expect(problems).toEqual([]);
        await context.close();
      },
    );
  });
});

it('the landing page fits a phone without sideways scrolling', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  for (const { prefix } of locales) {
    await page.goto(`${stack.bffUrl}${prefix || '/'}`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({
      path: join(screenshotsDir, `public-home-phone${prefix.replace('/', '-')}.png`),
      fullPage: true,
    });
  }
  await context.close();
});

/** A route preload of Next's router: an RSC fetch marked as a prefetch. */
function isRoutePrefetch(headers: Record<string, string>): boolean {
  return headers['next-router-prefetch'] !== undefined && headers.rsc === '1';
}

/**
 * Route preloads in flight in a page: each held `holdMs` on its way out, so that preloads asked for together overlap
 * (an uncapped router would have every visible link's preload in flight at once), and counted until it finishes.
 */
async function watchPrefetches(page: Page, holdMs: number) {
  const seen = { started: 0, inFlight: 0, maxInFlight: 0, paths: new Set<string>() };
  const tracked = new Set<unknown>();
  const finished = (request: unknown) => {
    if (tracked.delete(request)) seen.inFlight -= 1;
  };
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (!isRoutePrefetch(request.headers())) return route.continue();
    tracked.add(request);
    seen.started += 1;
    seen.inFlight += 1;
    seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
    seen.paths.add(new URL(request.url()).pathname);
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    await route.continue().catch(() => finished(request));
  });
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return seen;
}

it('preloads the routes of visible links, at most 4 at a time (§9)', async () => {
  // Tall enough that every link of the landing page (header, body, footer) is in view at once.
  const context = await browser.newContext({ viewport: { width: 1280, height: 4000 } });
  const page = await context.newPage();
  const seen = await watchPrefetches(page, 600);
  await page.goto(`${stack.bffUrl}/`, { waitUntil: 'load' });
  // Wait until the router has preloaded what it will and nothing is held any more.
  let last = -1;
  for (let i = 0; i < 40 && (seen.started !== last || seen.inFlight > 0); i += 1) {
    last = seen.started;
    await page.waitForTimeout(500);
  }
  // More routes than the cap were preloaded, so the cap had something to hold back.
  expect(seen.paths.size).toBeGreaterThan(4);
  expect(seen.maxInFlight).toBeGreaterThan(0);
  expect(seen.maxInFlight).toBeLessThanOrEqual(4);

  // Control: the same count over six preload-shaped requests the page sends together reaches six, so a router that
  // preloaded every link at once would have shown here as more than four.
  const control = await context.newPage();
  const counted = await watchPrefetches(control, 600);
  await control.goto(`${stack.bffUrl}/terms`, { waitUntil: 'load' });
  await control.evaluate(async () => {
    const paths = ['/', '/privacy', '/contact', '/sign-in', '/sign-up', '/nl'];
    await Promise.all(
      paths.map((path) =>
        fetch(path, { headers: { rsc: '1', 'next-router-prefetch': '1' } }).then((response) => response.text()),
      ),
    );
  });
  expect(counted.maxInFlight).toBeGreaterThanOrEqual(6);
  console.log(
    `route preloads: ${seen.paths.size} routes, at most ${seen.maxInFlight} in flight; the control reached ${counted.maxInFlight}`,
  );
  await context.close();
});
