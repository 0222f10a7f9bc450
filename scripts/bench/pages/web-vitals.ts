import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContextOptions } from 'playwright-core';

export interface Viewport {
  name: string;
  context: BrowserContextOptions;
}

export const VIEWPORTS: Viewport[] = [
  { name: 'phone', context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', context: { viewport: { width: 1280, height: 800 } } },
];

export interface Vitals {
  lcpMs: number;
  cls: number;
}

/**
 * Installed before any page script: records the last largest-contentful-paint candidate and CLS as web-vitals
 * defines it (the largest session window of shifts without recent input: gaps under 1 s, windows up to 5 s).
 */
const OBSERVE_VITALS = `(() => {
  const vitals = { lcp: 0, cls: 0 };
  let window_ = 0, first = 0, last = 0;
  window.__kassaVitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      if (window_ > 0 && entry.startTime - last < 1000 && entry.startTime - first < 5000) window_ += entry.value;
      else { window_ = entry.value; first = entry.startTime; }
      last = entry.startTime;
      vitals.cls = Math.max(vitals.cls, window_);
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

const SETTLE_MS = 500;

/** One cold load (fresh context: empty cache, no cookies), read after the load event and a short settle. */
export async function measureColdLoad(browser: Browser, url: string, viewport: Viewport): Promise<Vitals> {
  const context = await browser.newContext(viewport.context);
  try {
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('requestfailed', (request) => {
      const error = request.failure()?.errorText ?? 'failed';
      // Next's router prefetches linked pages and cancels prefetches it no longer needs: not a failure of this page.
      if (request.resourceType() === 'fetch' && error === 'net::ERR_ABORTED') return;
      failures.push(`${request.resourceType()} ${request.url()}: ${error}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.url()}: HTTP ${response.status()}`);
    });
    await page.addInitScript(OBSERVE_VITALS);
    const response = await page.goto(url, { waitUntil: 'load' });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()} in Chromium`);
    await sleep(SETTLE_MS);
    const vitals = await page.evaluate(
      () => (window as unknown as { __kassaVitals: { lcp: number; cls: number } }).__kassaVitals,
    );
    if (failures.length > 0) throw new Error(`loading ${url} had failed requests:\n${failures.join('\n')}`);
    if (!(vitals.lcp > 0)) throw new Error(`${url} reported no largest-contentful-paint`);
    return { lcpMs: vitals.lcp, cls: vitals.cls };
  } finally {
    await context.close();
  }
}

/**
 * Median LCP and CLS over `loads` cold loads of each URL, alternating which goes first so both see the same
 * background load; medians are taken per metric.
 */
export async function compareVitals(
  browser: Browser,
  value: string,
  baseline: string,
  viewport: Viewport,
  loads: number,
): Promise<{ value: Vitals; baseline: Vitals }> {
  const samples = { value: [] as Vitals[], baseline: [] as Vitals[] };
  for (let load = 0; load < loads; load += 1) {
    const order = load % 2 === 0 ? (['value', 'baseline'] as const) : (['baseline', 'value'] as const);
    for (const side of order)
      samples[side].push(await measureColdLoad(browser, side === 'value' ? value : baseline, viewport));
  }
  return { value: medianVitals(samples.value), baseline: medianVitals(samples.baseline) };
}

function medianVitals(samples: Vitals[]): Vitals {
  return { lcpMs: median(samples.map((sample) => sample.lcpMs)), cls: median(samples.map((sample) => sample.cls)) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
