// `npm run verify`'s abuse section, its script-injection part: the Content-Security-Policy lets a page's own scripts
// run and nothing an attacker slipped into its HTML. Each page is loaded in Chromium with a script and an inline
// event handler injected into the document as it arrives (what a stored XSS would add): prerendered pages (their
// inline scripts named by hash), pages rendered for the request (by the request's nonce), a guest's order page, a
// shop, the dashboard and a door scanner. The page must hydrate (its own scripts ran) and the injection must not run.
//
// The count can go wrong (its control): the same pages, the same injection, with the policy header taken off the
// answer (the guard removed), where the injection runs on every page.
import { type Page, type Route } from 'playwright-core';
import { orderHref } from '@kassa/web/lib/guest-access';
import { mustBeZero, mustEqual, recordFigures } from '../figures';
import { signUpViaApi, testAddress } from '@kassa/testing/accounts';
import { useBrowser } from '@kassa/testing/browser';
import { buyThroughApi, expectOk, openShopWithOneEvent } from '@kassa/testing/sales';
import { stackInfo } from '@kassa/testing/stack-info';

const SECTION = 'abuse';
const stack = stackInfo();
const browser = useBrowser();

/**
 * What an attacker's markup would do: leave a mark, once from a script and once from an event handler. On window,
 * which hydration leaves alone (React re-renders a document whose markup it did not write, attributes and all).
 */
const INJECTION =
  '<script>window.injectedScript = "ran"</script>' +
  '<img src="data:," alt="" onerror="window.injectedHandler = \'ran\'">';

interface PageVisit {
  path: string;
  /** The document that opened carried the injection (a redirect's target, say, would not: the test then fails). */
  injected: boolean;
  hydrated: boolean;
  injectionRan: boolean;
}

/** Puts the injection into every HTML document the context loads; `injected` collects their URLs. */
async function injectInto(route: Route, keepPolicy: boolean, injected: Set<string>): Promise<void> {
  if (route.request().resourceType() !== 'document') return route.continue();
  const response = await route.fetch({ maxRedirects: 0 });
  const headers = response.headers();
  if (!keepPolicy) delete headers['content-security-policy'];
  const html = await response.text();
  // Right after <body ...>: where user text would land in a page.
  const body = html.replace(/<body([^>]*)>/i, `<body$1>${INJECTION}`);
  if (body !== html) injected.add(route.request().url());
  await route.fulfill({ response, body, headers });
}

async function visit(page: Page, path: string, injected: ReadonlySet<string>): Promise<PageVisit> {
  await page.goto(`${stack.bffUrl}${path}`, { waitUntil: 'load' });
  // Hydrated: React has taken over the document's elements (it keeps its fiber on each). Every page, the 404 included.
  const hydrated = await page
    .waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber$')), undefined, {
      timeout: 15_000,
    })
    .then(
      () => true,
      () => false,
    );
  const marks = await page.evaluate(() => {
    const marked = window as unknown as { injectedScript?: string; injectedHandler?: string };
    return { script: marked.injectedScript, handler: marked.injectedHandler };
  });
  return {
    path,
    injected: injected.has(page.url()),
    hydrated,
    injectionRan: marks.script === 'ran' || marks.handler === 'ran',
  };
}

async function visitAll(paths: string[], sessionCookie: string, keepPolicy: boolean): Promise<PageVisit[]> {
  // No service worker: one would answer later navigations from its cache, past the injection (and past the policy).
  const context = await browser().newContext({ locale: 'en-GB', serviceWorkers: 'block' });
  try {
    await context.addCookies([{ name: 'kassa_session', value: sessionCookie, url: stack.bffUrl }]);
    const injected = new Set<string>();
    await context.route('**/*', (route) => injectInto(route, keepPolicy, injected));
    const page = await context.newPage();
    const visits: PageVisit[] = [];
    for (const path of paths) visits.push(await visit(page, path, injected));
    return visits;
  } finally {
    await context.close();
  }
}

it('runs every page’s own scripts and none injected into it; without the policy the same injection runs everywhere', async () => {
  const owner = await signUpViaApi(stack.bffUrl, stack.mailInboxUrl, testAddress('csp-owner'), 'Policy Owner');
  const shop = await openShopWithOneEvent(owner, stack, { name: 'Policy check', capacity: 10, priceMinor: 1500 });
  const purchase = await buyThroughApi(stack.bffUrl, shop.shopId, {
    items: [{ itemId: shop.itemId, quantity: 1 }],
    email: testAddress('csp-guest'),
  });
  const { secret } = expectOk(
    await owner.api.call('POST', `/api/organisations/${shop.orgId}/events/${shop.eventId}/scan-links`, {
      name: 'Gate',
    }),
    'create scan link',
  ) as { secret: string };

  // Each opens as itself, not through a redirect (a Dutch page last: it makes Dutch the visitor's language).
  const paths = [
    '/', // prerendered
    `/event/${shop.eventId}`, // rendered per request (/sign-in sends this signed-in visitor on)
    `/s/${shop.shopId}`,
    orderHref({ id: purchase.orderId, accessKey: purchase.accessKey }),
    `/o/${shop.orgId}/events/${shop.eventId}`,
    `/scan/${secret}`, // a door scanner (WebAssembly allowed there)
    '/no-such-page', // Next's not-found page
    '/nl/terms', // prerendered
  ];
  const session = owner.api.cookie('kassa_session')!;
  const guarded = await visitAll(paths, session, true);
  const control = await visitAll(paths, session, false);

  const notInjected = [...guarded, ...control].filter((entry) => !entry.injected).map((entry) => entry.path);
  expect(notInjected).toEqual([]);
  const notHydrated = guarded.filter((entry) => !entry.hydrated).map((entry) => entry.path);
  const injected = guarded.filter((entry) => entry.injectionRan).map((entry) => entry.path);
  const controlInjected = control.filter((entry) => entry.injectionRan).length;
  // The same pages hydrate without the policy: a page that never hydrates is not the policy's doing.
  expect(control.filter((entry) => !entry.hydrated).map((entry) => entry.path)).toEqual([]);
  recordFigures(SECTION, [
    mustBeZero(
      SECTION,
      `content policy: pages where a script injected into the HTML ran (of ${paths.length}: prerendered, rendered, shop, order, dashboard, scanner, not found)`,
      injected.length,
      injected.join(' | ') || undefined,
    ),
    mustBeZero(
      SECTION,
      'content policy: pages whose own scripts did not run under it (not hydrated)',
      notHydrated.length,
      notHydrated.join(' | ') || undefined,
    ),
    mustEqual(
      SECTION,
      'content policy: the same injection with the policy header removed, pages where it ran (control)',
      controlInjected,
      paths.length,
    ),
  ]);
  expect(notHydrated).toEqual([]);
  expect(injected).toEqual([]);
  expect(controlInjected).toBe(paths.length);
}, 240_000);
