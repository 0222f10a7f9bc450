import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { artifactsDir } from './processes';

export const screenshotsDir = join(artifactsDir, 'screenshots');

/**
 * Debian's Chromium, with the flags this closed network needs (no background calls to outside hosts); Playwright gives
 * it a fresh profile.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  mkdirSync(screenshotsDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  return waitingForHydration(browser);
}

/**
 * Makes every page of `browser` wait, after goto, reload, goBack and goForward, until a Kassa page has hydrated, as a
 * person would see it ready. Typing into a field while React hydrates it can lose or double the text (Playwright's
 * fill selects the old value, hydration resets the selection, the new text is appended), and a link clicked before
 * the head hydrates trips vercel/next.js#97472. Pages that are not Next.js pages (the mail inbox, a JSON answer) and
 * `waitUntil: 'commit'` navigations are not waited for.
 */
function waitingForHydration(browser: Browser): Browser {
  const patchPage = (page: Page): Page => {
    if ((page as Page & { [hydrationPatched]?: true })[hydrationPatched]) return page;
    (page as Page & { [hydrationPatched]?: true })[hydrationPatched] = true;
    page.on('pageerror', (error) => recordPageError(page, error));
    for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
      (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        const response = await original(...args);
        const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === 'object' && arg !== null);
        if (options?.waitUntil !== 'commit') await untilHydrated(page);
        return response;
      };
    }
    return page;
  };
  const patchContext = (context: BrowserContext): BrowserContext => {
    context.on('page', patchPage);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => patchPage(await newPage());
    return context;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => patchContext(await newContext(...args));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    patchContext(page.context());
    return patchPage(page);
  };
  return browser;
}

const hydrationPatched = Symbol('hydrationPatched');

const pageErrors: string[] = [];

/**
 * An uncaught exception in a Kassa page (a hydration mismatch, a render that threw). A blank page's errors are the
 * tests' own init scripts (about:blank has no localStorage) and are left out.
 */
function recordPageError(page: Page, error: Error): void {
  const url = page.url();
  if (url === 'about:blank') return;
  pageErrors.push(`${url}: ${error.message.split('\n')[0]}`);
}

/**
 * The uncaught page errors seen since the last call, in every browser this process launched, and forgets them. The
 * e2e projects check after each test that there were none (e2e/support/page-errors.ts).
 */
export function takePageErrors(): string[] {
  return pageErrors.splice(0);
}

/** Waits (up to 15 s, then lets the test's own assertions speak) until a Next.js page has marked itself ready. */
async function untilHydrated(page: Page): Promise<void> {
  // A locator rather than waitForFunction: it keeps polling under page.clock.install().
  await page
    .locator('html[data-kassa-runtime="ready"], html:not(:has(script[src*="/_next/static/"]))')
    .waitFor({ state: 'attached', timeout: 15_000 })
    // Said aloud: a page that never marks itself ready costs every test that opens it 15 s (the global 404 once did).
    .catch(() => console.warn(`[e2e] ${page.url()} did not mark itself hydrated within 15 s`));
}

/**
 * The document title once it has settled on `expected` (or whatever it is after five seconds): after a
 * client-side navigation Next.js sets the title a moment after the new page's content appears.
 */
export async function settledTitle(page: Page, expected: string): Promise<string> {
  await page.waitForFunction((title) => document.title === title, expected, { timeout: 5_000 }).catch(() => undefined);
  return page.title();
}

/**
 * Waits until the page has hydrated (the runtime marks <html data-kassa-runtime="ready">). A click or typing before
 * that can be lost, and a link clicked before the head hydrates makes Next.js 16 leave the previous route's
 * metadata in <head> next to the new one (vercel/next.js#97472; about 1 navigation in 12 here).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-kassa-runtime="ready"]').waitFor({ state: 'attached' });
}

/**
 * The page's meta description once a client-side navigation has settled. During the switch React briefly holds both
 * the previous page's and the new page's tag in <head>; this waits (up to five seconds) until only one is left.
 */
export async function settledDescription(page: Page): Promise<string | null> {
  await page
    .waitForFunction(() => document.querySelectorAll('meta[name="description"]').length === 1, undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  return page.locator('meta[name="description"]').getAttribute('content');
}

/**
 * What `read` answers once it equals `expected` (deep equality), or its last answer after `timeoutMs`: for state that
 * settles a moment after an action (a server-rendered control that is enabled only once its page has hydrated, a row
 * that a background relay updates). Assert on the result, so a value that never arrives still fails, showing what
 * was seen.
 */
export async function settled<T>(read: () => Promise<T>, expected: T, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDeepStrictEqual(value, expected) || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Saves a full-page screenshot as .artifacts/e2e/screenshots/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), fullPage: true });
}

/**
 * One Chromium for the whole test file: launched before its first test, closed after its last. Call it at the top
 * of the file; the returned function gives the running browser inside tests.
 */
export function useBrowser(extraArgs: string[] = []): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(extraArgs);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser)
      throw new Error(
        'The browser is not running: call useBrowser() at the top of the test file and use it inside tests',
      );
    return browser;
  };
}

/**
 * Collects a page's console errors and its failed responses (status and URL). Chromium's own "Failed to load
 * resource" console line is left out: a response that fails is recorded by the response listener with its URL,
 * and the console line also appears for browser-initiated or aborted loads (a prefetch cut off by the next
 * navigation) that the page never sees, which made these checks flaky without naming anything.
 */
export function collectProblems(page: Page): string[] {
  const problems = consoleErrors(page);
  page.on(
    'response',
    (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`),
  );
  return problems;
}

/**
 * A page's console errors, without Chromium's own "Failed to load resource" lines (see collectProblems): for a page
 * whose expected 4xx answers (a wrong password's 403, a 404 page) would fill a response list.
 */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on(
    'console',
    (message) =>
      message.type() === 'error' &&
      !message.text().startsWith('Failed to load resource') &&
      errors.push(message.text()),
  );
  return errors;
}
