// Analytics in a real browser (spec §analytics): with a PostHog key set, the site's own analytics module
// (components/site-runtime/analytics.ts, which takes its settings from web/src/lib/analytics-config.ts) runs in
// Chromium and uses remote config, feature flags, surveys, web experiments and early-access features, all through our
// own origin's ingest path and never another host; without a key it requests nothing there at all.
//
// The module is bundled for the browser by esbuild, its NEXT_PUBLIC_ settings inlined as Next inlines them at build
// time, and served with the site's own script policy (pagePolicy) from 127.0.0.1. PostHog is an outside service: a
// STAND-IN for it answers under the ingest path on that same origin, where the BFF's rewrite (analyticsRewrites) would
// forward to PostHog, and records every request. It answers what posthog-js 1.449.2 asks for (read from
// node_modules/posthog-js): /array/<key>/config.js and /array/<key>/config (remote config), /flags/?v=2 (this version
// no longer calls /decide), /static/[<version>/]<name>.js (the SDK's lazily loaded scripts: served from the installed
// posthog-js, the very files PostHog's asset host serves for this version), /api/surveys/, /api/web_experiments/,
// /api/early_access_features/, and events at /e/, /batch/ or the endpoint remote config names (/i/v0/e/).
//
// In the unit project, not e2e: the e2e projects' global setup builds the BFF and starts the whole platform, none of
// which this needs (no service, no Next build); only Chromium, which npm test and CI install before the unit tests.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import type { PostHog } from 'posthog-js';
import { consoleErrors, settled, useBrowser } from '@kassa/testing/browser';
import { ANALYTICS_FLUSH_INTERVAL_MS, DEFAULT_INGEST_PATH } from '@kassa/web/lib/analytics-config';
import { newNonce, pagePolicy } from '../../server/site/content-security-policy';

jest.setTimeout(90_000);

const bffRoot = path.resolve(__dirname, '../..');
const repoRoot = path.resolve(bffRoot, '..');
const posthogDist = path.dirname(require.resolve('posthog-js'));

const KEY = 'phc_kassa_browser_test';
const INGEST = DEFAULT_INGEST_PATH;
/** A guest's access key in the page's address: it must reach the stand-in nowhere (URL, body or Referer). */
const SECRET = 'guest-secret-4f1c9a';
const PAGE_PATH = `/en/order/ord_browser_test?key=${SECRET}`;
const HEADLINE = 'Tickets for every event';
const VARIANT_HEADLINE = 'Tickets in two taps';
const EXPERIMENT_FLAG = 'kassa-headline';
const EARLY_ACCESS_FLAG = 'kassa-seat-maps';
const SURVEY_ID = 'kassa-checkout-survey';
const SURVEY_QUESTION = 'How was buying your tickets?';

// What the page runs: the site's own module, called as AnalyticsPageViews calls it on a route's first render.
const ENTRY = `
import { analytics, capturePageView, loadAnalytics } from './components/site-runtime/analytics';
window.kassaAnalytics = { enabled: analytics.enabled, loadAnalytics };
void capturePageView(window.location.pathname + window.location.search);
`;

/** What the page leaves on window for the test. */
interface PageWindow {
  kassaAnalytics: { enabled: boolean; loadAnalytics: () => Promise<PostHog | null> };
}

interface Bundle {
  /** Output files by their path on the test's origin (/assets/…). */
  files: Map<string, string>;
  /** The chunk that holds posthog-js (loaded by the dynamic import only when a key is set). */
  sdkChunk: string;
}

/** The analytics module bundled for the browser, as a build with (or without) the key would ship it. */
async function bundleSite(key: string | undefined): Promise<Bundle> {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: bffRoot, sourcefile: 'analytics-page.js', loader: 'js' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    outdir: '/assets',
    entryNames: 'page',
    absWorkingDir: repoRoot,
    logLevel: 'silent',
    define: {
      'process.env.NEXT_PUBLIC_POSTHOG_KEY': key === undefined ? 'undefined' : JSON.stringify(key),
      'process.env.NEXT_PUBLIC_POSTHOG_INGEST_PATH': 'undefined',
    },
  });
  const sdkChunk = Object.entries(result.metafile.outputs).find(([, output]) =>
    Object.keys(output.inputs).some((input) => input.includes('node_modules/posthog-js/')),
  )?.[0];
  if (!sdkChunk) throw new Error('esbuild put posthog-js in no chunk of its own');
  return {
    files: new Map(result.outputFiles.map((file) => [file.path, file.text])),
    sdkChunk: path.resolve(repoRoot, sdkChunk),
  };
}

/** One request that reached the test's server. */
interface Received {
  method: string;
  /** Path and query. */
  url: string;
  path: string;
  query: URLSearchParams;
  referer: string;
  /** The body as text (gzip and posthog-js's base64 form undone). */
  body: string;
  at: number;
  /** Whether the stand-in had an answer for it. */
  answered: boolean;
}

// The stand-in's answers, shaped like PostHog's own.
const remoteConfig = {
  token: KEY,
  supportedCompression: ['gzip', 'gzip-js'],
  hasFeatureFlags: true,
  autocapture_opt_out: true,
  autocaptureExceptions: false,
  captureDeadClicks: false,
  capturePerformance: false,
  analytics: { endpoint: '/i/v0/e/' },
  elementsChainAsString: true,
  sessionRecording: false,
  heatmaps: false,
  surveys: true,
  productTours: false,
  defaultIdentifiedOnly: true,
  siteApps: [],
};
const flags = {
  flags: {
    [EXPERIMENT_FLAG]: {
      key: EXPERIMENT_FLAG,
      enabled: true,
      variant: 'test',
      reason: { code: 'condition_match', condition_index: 0, description: 'Matched condition set 1' },
      metadata: { id: 1, version: 1 },
    },
    [EARLY_ACCESS_FLAG]: {
      key: EARLY_ACCESS_FLAG,
      enabled: false,
      reason: { code: 'no_condition_match', condition_index: null, description: 'No matching condition set' },
      metadata: { id: 2, version: 1 },
    },
  },
  errorsWhileComputingFlags: false,
  requestId: 'stand-in',
};
const surveys = {
  surveys: [
    {
      id: SURVEY_ID,
      name: 'Checkout',
      description: '',
      type: 'popover',
      questions: [{ id: 'q1', type: 'open', question: SURVEY_QUESTION }],
      conditions: null,
      appearance: null,
      start_date: '2024-01-01T00:00:00Z',
      end_date: null,
      current_iteration: null,
      current_iteration_start_date: null,
      linked_flag_key: null,
      targeting_flag_key: null,
      internal_targeting_flag_key: null,
    },
  ],
};
const webExperiments = {
  experiments: [
    {
      id: 1,
      name: 'Headline',
      feature_flag_key: EXPERIMENT_FLAG,
      variants: {
        control: { transforms: [] },
        test: { transforms: [{ selector: '#headline', html: VARIANT_HEADLINE }] },
      },
    },
  ],
};
const earlyAccessFeatures = {
  earlyAccessFeatures: [
    {
      id: 'eaf_1',
      name: 'Seat maps',
      description: 'Pick your seats on a map',
      stage: 'beta',
      documentationUrl: null,
      flagKey: EARLY_ACCESS_FLAG,
      payload: null,
    },
  ],
};
const EVENT_PATHS = ['/e/', '/batch/', '/i/v0/e/'];

/** A request body as text: gzip (CompressionStream) and the 'data=<base64>' form undone. */
function bodyText(raw: Buffer): string {
  const text = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return text.startsWith('data=')
    ? Buffer.from(decodeURIComponent(text.slice('data='.length)), 'base64').toString('utf8')
    : text;
}

/** The stand-in for PostHog under the ingest path: true when it had an answer. */
async function answerAsPostHog(request: Received, response: ServerResponse): Promise<boolean> {
  const json = (body: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
    return true;
  };
  const script = (text: string | Buffer) => {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(text);
    return true;
  };
  const route = request.path.slice(INGEST.length);
  if (route === `/array/${KEY}/config.js`)
    return script(
      `(function(){window._POSTHOG_REMOTE_CONFIG=window._POSTHOG_REMOTE_CONFIG||{};` +
        `window._POSTHOG_REMOTE_CONFIG[${JSON.stringify(KEY)}]={config:${JSON.stringify(remoteConfig)},siteApps:[]};})();`,
    );
  if (route === `/array/${KEY}/config`) return json(remoteConfig);
  const asset = /^\/static\/(?:[\d.]+\/)?([a-z0-9-]+\.js)$/.exec(route)?.[1];
  if (asset) {
    const text = await readFile(path.join(posthogDist, asset)).catch(() => undefined);
    return text ? script(text) : false;
  }
  if (request.method === 'POST' && route === '/flags/' && request.query.get('v') === '2') return json(flags);
  const byToken = request.query.get('token') === KEY;
  if (route === '/api/surveys/' && byToken) return json(surveys);
  if (route === '/api/web_experiments/' && byToken) return json(webExperiments);
  if (route === '/api/early_access_features/' && byToken) return json(earlyAccessFeatures);
  if (request.method === 'POST' && EVENT_PATHS.includes(route)) return json({ status: 1 });
  return false;
}

interface Site {
  origin: string;
  bundle: Bundle;
  /** Every request the server got, in order. */
  received: Received[];
  close: () => Promise<void>;
}

/** Serves the page (any other path), its bundle under /assets/ and the PostHog stand-in under the ingest path. */
async function serveSite(bundle: Bundle): Promise<Site> {
  const received: Received[] = [];
  const server: Server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const request: Received = {
        method: incoming.method ?? 'GET',
        url: `${url.pathname}${url.search}`,
        path: url.pathname,
        query: url.searchParams,
        referer: incoming.headers.referer ?? '',
        body: bodyText(Buffer.concat(chunks)),
        at: Date.now(),
        answered: true,
      };
      received.push(request);
      void (async () => {
        if (request.path === INGEST || request.path.startsWith(`${INGEST}/`)) {
          request.answered = await answerAsPostHog(request, response);
          if (!request.answered) response.writeHead(404).end();
          return;
        }
        const file = bundle.files.get(request.path);
        if (file !== undefined) {
          response.writeHead(200, { 'content-type': 'text/javascript' }).end(file);
          return;
        }
        if (request.path === '/favicon.ico') {
          response.writeHead(204).end();
          return;
        }
        const nonce = newNonce();
        response.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': pagePolicy({
            nonce,
            scriptHashes: [],
            scanner: false,
            development: false,
            https: false,
          }),
          'referrer-policy': 'strict-origin-when-cross-origin',
        });
        response.end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kassa</title></head><body>` +
            `<h1 id="headline">${HEADLINE}</h1>` +
            `<script type="module" nonce="${nonce}" src="/assets/page.js"></script></body></html>`,
        );
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bundle,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What one page did: every request it made (page.on('request')), its errors, its policy violations. */
interface Visit {
  page: Page;
  context: BrowserContext;
  requested: URL[];
  problems: string[];
  violations: () => Promise<string[]>;
}

const browser = useBrowser(
  // posthog-js drops the events of a browser that says it is automated (navigator.webdriver) as a bot's, and shows
  // such a browser no web experiment: the page is opened as a visitor's browser, Chromium's own user agent without
  // "Headless".
  ['--disable-blink-features=AutomationControlled'],
);

async function visit(site: Site): Promise<Visit> {
  const major = browser().version().split('.')[0];
  const context = await browser().newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
  });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { policyViolations: string[] }).policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const page = await context.newPage();
  const requested: URL[] = [];
  context.on('request', (request) => requested.push(new URL(request.url())));
  const problems = consoleErrors(page);
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(`${site.origin}${PAGE_PATH}`);
  return {
    page,
    context,
    requested,
    problems,
    violations: () => page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations),
  };
}

const underIngest = (pathname: string) => pathname === INGEST || pathname.startsWith(`${INGEST}/`);

/** Every event that reached the stand-in, with the request that carried it. */
function eventsAt(
  site: Site,
): { event: { event: string; timestamp: string; properties: Record<string, unknown> }; request: Received }[] {
  return site.received
    .filter((request) => request.method === 'POST' && EVENT_PATHS.some((route) => request.path === `${INGEST}${route}`))
    .flatMap((request) => {
      const body = JSON.parse(request.body) as { api_key?: string; batch?: unknown[] } | unknown[];
      const events = Array.isArray(body) ? body : (body.batch ?? [body]);
      return (events as { event: string; timestamp: string; properties: Record<string, unknown> }[]).map((event) => ({
        event,
        request,
      }));
    });
}

describe('analytics in Chromium, against a stand-in for PostHog on our own origin', () => {
  let keyed: Site;
  let keyless: Site;

  beforeAll(async () => {
    const [withKey, withoutKey] = await Promise.all([bundleSite(KEY), bundleSite(undefined)]);
    [keyed, keyless] = await Promise.all([serveSite(withKey), serveSite(withoutKey)]);
  });
  afterAll(async () => {
    await Promise.all([keyed?.close(), keyless?.close()]);
  });

  it('with a key: remote config, flags, surveys, web experiments and early access through the ingest path; events batched; no other host', async () => {
    const { page, context, requested, problems, violations } = await visit(keyed);
    try {
      // Remote config turned surveys on: the SDK loaded their script through the ingest path and shows the survey.
      await page.locator(`.PostHogSurvey-${SURVEY_ID}`).getByText(SURVEY_QUESTION).waitFor({ timeout: 15_000 });
      // The flags put this visitor in the experiment's test variant: the SDK applied its transform to the page.
      expect(await settled(() => page.locator('#headline').textContent(), VARIANT_HEADLINE, 15_000)).toBe(
        VARIANT_HEADLINE,
      );

      // Early access, as the site would offer it: the list from the stand-in, then an enrolment.
      const features = await page.evaluate(async () => {
        const posthog = await (window as unknown as PageWindow).kassaAnalytics.loadAnalytics();
        return new Promise<unknown>((resolve) => posthog!.getEarlyAccessFeatures(resolve, true));
      });
      expect(features).toEqual(earlyAccessFeatures.earlyAccessFeatures);
      const enrolled = await page.evaluate(async (flag) => {
        const posthog = await (window as unknown as PageWindow).kassaAnalytics.loadAnalytics();
        posthog!.updateEarlyAccessFeatureEnrollment(flag, true);
        return posthog!.isFeatureEnabled(flag);
      }, EARLY_ACCESS_FLAG);
      expect(enrolled).toBe(true);

      // The page view, the survey shown and the enrolment arrive in batches (flushed every 3 s).
      const wanted = ['$pageview', 'survey shown', '$feature_enrollment_update'];
      const arrived = () =>
        Promise.resolve(wanted.filter((name) => eventsAt(keyed).some(({ event }) => event.event === name)));
      expect(await settled(arrived, wanted, 20_000)).toEqual(wanted);

      const paths = keyed.received.map((request) => request.path);
      // The SDK itself came from our bundle, in its own chunk (loaded because a key is set).
      expect(paths).toContain(keyed.bundle.sdkChunk);
      // Remote config by token, then flags, surveys (their script and the list) and web experiments, by token.
      expect(paths).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`^${INGEST}/array/${KEY}/config(\\.js)?$`))]),
      );
      expect(keyed.received).toEqual(
        expect.arrayContaining(
          [
            { method: 'POST', path: `${INGEST}/flags/` },
            { method: 'GET', path: expect.stringMatching(new RegExp(`^${INGEST}/static/([\\d.]+/)?surveys\\.js$`)) },
            { method: 'GET', path: `${INGEST}/api/surveys/` },
            { method: 'GET', path: `${INGEST}/api/web_experiments/` },
            { method: 'GET', path: `${INGEST}/api/early_access_features/` },
          ].map((request) => expect.objectContaining({ ...request, answered: true })),
        ),
      );
      for (const request of keyed.received.filter((received) => received.path.startsWith(`${INGEST}/api/`)))
        expect(request.query.get('token')).toBe(KEY);
      const flagsRequest = keyed.received.find((request) => request.path === `${INGEST}/flags/`);
      expect(JSON.parse(flagsRequest!.body)).toMatchObject({ token: KEY });
      // Remote config was applied: events go to the endpoint it names.
      expect(eventsAt(keyed).some(({ request }) => request.path === `${INGEST}/i/v0/e/`)).toBe(true);

      // The page view: batched (a batch under the key, sent no sooner than the flush interval after the capture),
      // with the page's full path and its secret redacted.
      const pageview = eventsAt(keyed).find(({ event }) => event.event === '$pageview')!;
      expect(JSON.parse(pageview.request.body)).toMatchObject({ api_key: KEY, batch: expect.any(Array) });
      expect(pageview.request.at - Date.parse(pageview.event.timestamp)).toBeGreaterThanOrEqual(
        ANALYTICS_FLUSH_INTERVAL_MS - 500,
      );
      expect(pageview.event.properties).toMatchObject({
        path: '/en/order/ord_browser_test?key=[redacted]',
        $current_url: `${keyed.origin}/en/order/ord_browser_test?key=[redacted]`,
      });
      expect(eventsAt(keyed).filter(({ event }) => event.event === '$pageview')).toHaveLength(1);

      // Every request the page made went to the test's own origin, PostHog's through the ingest path, and the stand-in
      // had an answer for each; none carried the guest's secret, in its address, body or Referer.
      expect(requested.filter((url) => url.origin !== keyed.origin).map(String)).toEqual([]);
      expect(requested.some((url) => underIngest(url.pathname))).toBe(true);
      expect(keyed.received.filter((request) => !request.answered).map((request) => request.url)).toEqual([]);
      expect(
        keyed.received
          .filter((request) => underIngest(request.path))
          .filter((request) => [request.url, request.body, request.referer].some((text) => text.includes(SECRET)))
          .map((request) => `${request.method} ${request.url} (Referer: ${request.referer})`),
      ).toEqual([]);
      expect(await violations()).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('without a key (the control): analytics is off, the SDK is not even downloaded, nothing is requested under the ingest path', async () => {
    const { page, context, requested, problems, violations } = await visit(keyless);
    try {
      expect(await page.evaluate(() => (window as unknown as PageWindow).kassaAnalytics.enabled)).toBe(false);
      expect(
        await page.evaluate(
          async () => (await (window as unknown as PageWindow).kassaAnalytics.loadAnalytics()) === null,
        ),
      ).toBe(true);
      // Long enough for a batch to have been sent, had anything been captured.
      await page.waitForTimeout(ANALYTICS_FLUSH_INTERVAL_MS + 1_000);

      expect(requested.filter((url) => underIngest(url.pathname)).map(String)).toEqual([]);
      expect(keyless.received.filter((request) => underIngest(request.path)).map((request) => request.url)).toEqual([]);
      const paths = keyless.received.map((request) => request.path);
      expect(paths).toContain('/assets/page.js');
      expect(paths).not.toContain(keyless.bundle.sdkChunk);
      expect(requested.filter((url) => url.origin !== keyless.origin).map(String)).toEqual([]);
      expect(await violations()).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
