// The offline kit of the grown event, as a phone gets it: its size paged and whole, and the time to download, parse,
// keep (IndexedDB) and decide codes from it in Chromium with its CPU slowed 4× (Lighthouse's mobile budget), beside
// the same bytes fetched and parsed from a bare file server in the same page. The scanner's own code does the work
// (kit-probe.ts, bundled here); the BFF and ticketing serve it as they do for a door's phone.
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { build } from 'esbuild';
import { launchBrowser } from '@kassa/testing/browser';
import type { Cleanup } from '../lib/cleanup';
import type { Figure } from '../lib/report';
import type { KitProbeInput, KitProbeResult } from './kit-probe';

/** Lighthouse's mobile CPU slowdown. */
const CPU_SLOWDOWN = 4;
/** Each way is measured this many times; the median is printed. */
const REPEATS = 3;

export interface KitMeasureOptions {
  origin: string;
  secret: string;
  deviceId: string;
  /** Codes of tickets at the event, decided offline from the kit (all admitted before: "already_used"). */
  codes: string[];
  /** Wraps a step so that the CPU of every process is read around it (`calls` = kit requests served). */
  measured: <T extends { calls: number }>(side: string, run: () => Promise<T>) => Promise<T>;
}

export interface KitMeasurement {
  figures: Figure[];
  lines: string[];
  note: string;
  /** The codes' offline answers were what they must be. */
  ok: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** The kit's answers as the BFF gives them, read here once: what the bare server serves. */
async function kitAnswers(options: KitMeasureOptions, paged: boolean): Promise<string[]> {
  const texts: string[] = [];
  let pageToken = '';
  do {
    const response = await fetch(`${options.origin}/api/scan/offline-kit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: options.origin, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ secret: options.secret, deviceId: options.deviceId, ...(paged ? { pageToken } : {}) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`the offline kit answered ${response.status}: ${text.slice(0, 200)}`);
    texts.push(text);
    pageToken = paged ? (JSON.parse(text) as { nextPageToken: string }).nextPageToken : '';
  } while (pageToken !== '');
  return texts;
}

async function serveBare(cleanup: Cleanup, texts: string[]): Promise<string[]> {
  const server: Server = createServer((request, response) => {
    const index = Number((request.url ?? '').split('/').pop());
    const text = texts[index];
    response.writeHead(text === undefined ? 404 : 200, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
    response.end(text ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.add('stop the bare kit server', () => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as { port: number };
  return texts.map((_, index) => `http://127.0.0.1:${port}/kit/${index}`);
}

async function probeBundle(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(__dirname, 'kit-probe.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
  });
  return result.outputFiles[0]!.text;
}

export async function measureOfflineKit(cleanup: Cleanup, options: KitMeasureOptions): Promise<KitMeasurement> {
  const paged = await kitAnswers(options, true);
  const whole = await kitAnswers(options, false);
  const pagedUrls = await serveBare(cleanup, paged);
  const wholeUrls = await serveBare(cleanup, whole);
  const size = (texts: string[]) => texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const gzipped = (texts: string[]) => texts.reduce((sum, text) => sum + gzipSync(text).length, 0);

  const browser = await launchBrowser();
  cleanup.add('close the kit browser', () => browser.close());
  // The page's own policy allows fetching only its origin; the baseline's file server is another port.
  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await page.goto(`${options.origin}/en/terms`, { waitUntil: 'load' });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.evaluate(await probeBundle());

  const runProbe = (input: KitProbeInput) =>
    page.evaluate(
      (arg) =>
        (globalThis as unknown as { kitProbe: { probe(i: KitProbeInput): Promise<KitProbeResult> } }).kitProbe.probe(
          arg,
        ),
      input,
    );
  const runBare = (urls: string[]) =>
    page.evaluate(
      (arg) =>
        (globalThis as unknown as { kitProbe: { bare(u: string[]): Promise<{ downloadMs: number }> } }).kitProbe.bare(
          arg,
        ),
      urls,
    );
  const input = (pagedKit: boolean): KitProbeInput => ({
    secret: options.secret,
    deviceId: options.deviceId,
    codes: options.codes,
    paged: pagedKit,
  });

  const pagedRuns: KitProbeResult[] = [];
  const wholeRuns: KitProbeResult[] = [];
  const barePaged: number[] = [];
  const bareWhole: number[] = [];
  await options.measured(`offline kit, paged (${REPEATS} × ${paged.length} pages)`, async () => {
    for (let i = 0; i < REPEATS; i += 1) pagedRuns.push(await runProbe(input(true)));
    return { calls: REPEATS * paged.length };
  });
  await options.measured(`offline kit, whole (${REPEATS} answers)`, async () => {
    for (let i = 0; i < REPEATS; i += 1) wholeRuns.push(await runProbe(input(false)));
    return { calls: REPEATS };
  });
  for (let i = 0; i < REPEATS; i += 1) {
    barePaged.push((await runBare(pagedUrls)).downloadMs);
    bareWhole.push((await runBare(wholeUrls)).downloadMs);
  }

  const last = pagedRuns.at(-1)!;
  const tickets = last.tickets;
  const ok =
    [...pagedRuns, ...wholeRuns].every(
      (run) => run.tickets === tickets && run.results.every((result) => result === 'already_used'),
    ) && wholeRuns[0]!.tickets === tickets;
  const figures: Figure[] = [
    {
      name: `offline kit of ${tickets.toLocaleString('en-US')} tickets, paged, CPU ÷${CPU_SLOWDOWN}: download + parse (vs the same bytes from a bare server)`,
      value: median(pagedRuns.map((run) => run.downloadMs)),
      baseline: median(barePaged),
      unit: 'ms',
    },
    {
      name: `offline kit of ${tickets.toLocaleString('en-US')} tickets, whole, CPU ÷${CPU_SLOWDOWN}: download + parse (vs the same bytes from a bare server)`,
      value: median(wholeRuns.map((run) => run.downloadMs)),
      baseline: median(bareWhole),
      unit: 'ms',
    },
    {
      name: `offline kit, CPU ÷${CPU_SLOWDOWN}: one code decided offline (vs kept in IndexedDB, paged kit)`,
      value: median(pagedRuns.map((run) => run.verifyMsEach)),
      baseline: median(pagedRuns.map((run) => run.storeMs)),
      unit: 'ms',
    },
  ];
  const lines = [
    `offline kit of ${tickets.toLocaleString('en-US')} tickets: paged ${paged.length} answers, ${kb(size(paged))} of JSON (${kb(gzipped(paged))} gzipped, largest answer ${kb(Math.max(...paged.map((text) => Buffer.byteLength(text))))}); whole ${kb(size(whole))} (${kb(gzipped(whole))} gzipped) in one answer; kept in IndexedDB in ${median(pagedRuns.map((run) => run.storeMs)).toFixed(0)} ms; ${options.codes.length} codes decided offline, every answer "already_used": ${ok ? 'yes' : 'NO'}`,
  ];
  const note = `offline kit: after (d), the grown event's kit through the same scan link as the doors' phones, in Chromium (headless, a page of the BFF's origin) with Emulation.setCPUThrottlingRate ${CPU_SLOWDOWN}: the scanner's own code (web/src/features/scanner: downloadOfflineKit, the IndexedDB store, verifyOffline with WebCrypto Ed25519), bundled by esbuild; paged (POST /api/scan/offline-kit with pageToken, 5,000 tickets a page) and whole (no pageToken, as scanners before paging ask); ${REPEATS} times each, the median. Baseline: the very answers, read once beforehand, served by a bare node:http server on loopback, fetched and JSON-parsed one after the other in the same throttled page. The decided codes are tickets admitted in (d): each must come out "already_used". The CPU table's kit columns count kit requests (pages).`;
  return { figures, lines, note, ok };
}
