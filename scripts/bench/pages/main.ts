// Pages benchmark: what `next start` costs for public pages (the static landing and terms pages, and the event page,
// which asks catalog and ordering over gRPC per request), beside a bare node:http server serving the same bytes in
// the same run, plus LCP and CLS of the real page in headless Chromium. Loopback only; every process it starts (the
// services included) is stopped and its databases dropped at the end. The BFF and the services start their
// OpenTelemetry SDKs as in production, but nothing is exported.
delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;

import { launchBrowser } from '@kassa/testing/browser';
import { Cleanup } from '../lib/cleanup';
import type { LoadShape } from '../lib/closed-loop';
import { CpuMeter, type CpuReading, processTree, serverGroups } from '../lib/process-cpu';
import { formatTable, machineNote, type Figure } from '../lib/report';
import { startBareCopyServer, type PageSnapshot } from './bare-copy-server';
import { startShopBackend } from '../lib/shop-backend';
import { startNextServer } from './next-server';
import { comparePageThroughput, snapshotPage } from './throughput';
import { compareVitals, VIEWPORTS } from './web-vitals';

interface Page {
  name: string;
  path: string;
  /** The path as the report names it (the event's id differs per run). */
  label: string;
}

/**
 * The pages measured, all anonymous: landing and terms call no backend; the event page reads catalog (the event) and
 * ordering (the shops selling it) through the BFF's short caches.
 */
const pagesFor = (liveEventId: string): Page[] => [
  { name: 'landing', path: '/', label: '/' },
  { name: 'terms', path: '/terms', label: '/terms' },
  { name: 'event', path: `/event/${liveEventId}`, label: '/event/{id}' },
];

const LOAD: LoadShape = { concurrency: 16, warmupMs: 1_000, rounds: 4, roundMs: 1_000 };
const COLD_LOADS = 5;

const count = (value: number) => value.toLocaleString('en-US');

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  const figures: Figure[] = [];
  const notes: string[] = [];
  const cpu: CpuReading[] = [];
  let meter: CpuMeter | undefined;
  const started = performance.now();
  let serverReady: number;
  try {
    console.error('starting identity, catalog and ordering with their own databases, and an open shop...');
    const backend = await startShopBackend(cleanup);
    const pages = pagesFor(backend.eventIds[0]!);
    console.error('building the BFF if stale, then starting next start...');
    const { origin: nextOrigin, pid: bffPid } = await startNextServer(
      cleanup,
      { catalogGrpc: backend.catalogGrpc, callerKey: backend.callerKey },
      { ORDERING_GRPC_ADDRESS: backend.orderingGrpc },
    );
    meter = new CpuMeter([processTree('BFF', bffPid), ...backend.processGroups, ...serverGroups()]);
    serverReady = performance.now();
    const snapshots: PageSnapshot[] = [];
    for (const page of pages) snapshots.push(await snapshotPage(nextOrigin, page.path));
    // The event page as guests get it: with the shop that sells it. Without it, ordering's call failed and the page
    // would be measured on its failure path.
    const eventHtml = snapshots[2]!.body.toString('utf8');
    if (!eventHtml.includes(backend.shopName))
      throw new Error(`the event page does not list the shop "${backend.shopName}": ordering's answer is missing`);
    const bare = await startBareCopyServer(snapshots, nextOrigin);
    cleanup.add('close bare server', () => bare.close());

    for (const [index, page] of pages.entries()) {
      console.error(
        `${page.label}: ${LOAD.concurrency} in flight, ${LOAD.warmupMs} ms warm-up, then ${LOAD.rounds} × ${LOAD.roundMs} ms each, interleaved...`,
      );
      const {
        next,
        bare: copy,
        cpu: reading,
      } = await comparePageThroughput(LOAD, page.path, nextOrigin, bare.origin, meter);
      if (reading) cpu.push(reading);
      figures.push(
        {
          name: `${page.label} requests/s (vs bare copy)`,
          value: next.perSecond,
          baseline: copy.perSecond,
          unit: '/s',
        },
        { name: `${page.label} p50 latency (vs bare copy)`, value: next.p50Ms, baseline: copy.p50Ms, unit: 'ms' },
        { name: `${page.label} p99 latency (vs bare copy)`, value: next.p99Ms, baseline: copy.p99Ms, unit: 'ms' },
      );
      notes.push(
        `${page.label} (${page.name}): ${count(snapshots[index]!.body.length)} bytes of HTML; ${count(next.completed)} requests to next start, ${count(copy.completed)} to the bare copy measured.`,
      );
    }

    const browser = await launchBrowser();
    cleanup.add('close Chromium', () => browser.close());
    // One unrecorded load, so the first measured one does not pay for starting the browser's renderer.
    await compareVitals(browser, `${nextOrigin}/`, `${bare.origin}/`, VIEWPORTS[0]!, 1);
    for (const page of pages) {
      for (const viewport of VIEWPORTS) {
        console.error(`${page.label} in Chromium, ${viewport.name}: ${COLD_LOADS} cold loads each, alternating...`);
        const vitals = await compareVitals(
          browser,
          `${nextOrigin}${page.path}`,
          `${bare.origin}${page.path}`,
          viewport,
          COLD_LOADS,
        );
        figures.push(
          {
            name: `${page.label} LCP ${viewport.name} (vs bare copy)`,
            value: vitals.value.lcpMs,
            baseline: vitals.baseline.lcpMs,
            unit: 'ms',
          },
          {
            name: `${page.label} CLS ${viewport.name} (vs bare copy)`,
            value: vitals.value.cls,
            baseline: vitals.baseline.cls,
            unit: 'score',
          },
        );
      }
    }
    notes.push(
      `next start: the production build of bff/ bound to localhost, identity and notifications addresses pointed at a closed port (these pages call neither), catalog's and ordering's at the services below; its OpenTelemetry SDK runs as in production with no exporter; LOG_LEVEL warn.`,
      `/event/{id}: Friday Night of the shop benchmark's open shop (scripts/bench/lib/shop-backend.ts, built through the services' gRPC APIs). The page is rendered on every request; its two reads, GetPublicEvent at catalog and ListEventShops at ordering, come from the BFF's caches (the event 5 s, its shops 1 s; concurrent misses share one call), so most requests reach neither service. The run checks that the page lists the shop. The bare copy serves the bytes of one such answer.`,
      `services: identity, catalog and ordering, their production bundles (node --enable-source-maps dist/main.js, NODE_ENV=production), each with its own PostgreSQL database, Redis/NATS namespace and ports, on the same 127.0.0.1 PostgreSQL as everything else; OpenTelemetry SDKs without exporter; LOG_LEVEL warn.`,
      `bare copy: node:http in this process answering each page's path with the bytes next start gave once (content-type, content-length); every other path is proxied to next start.`,
      `throughput: ${LOAD.concurrency} GETs in flight per side (keep-alive, one socket each), whole body read, any non-200 fails the run; ${LOAD.warmupMs} ms warm-up, ${LOAD.rounds} alternating rounds of ${LOAD.roundMs} ms. The load driver shares its process with the bare server, not with next start.`,
      `LCP/CLS: headless Debian Chromium, median of ${COLD_LOADS} cold loads (new context each) per side, alternating; phone 390×844 (mobile, touch), desktop 1280×800; read after the load event + 500 ms. The bare copy loads the same scripts, styles and fonts from next start, so its LCP shows the page without the server's HTML render time (its assets take one extra proxy hop).`,
    );
  } finally {
    await cleanup.run();
  }

  console.log('Kassa pages benchmark (ratio = value / baseline; for latency, LCP and CLS, above 1 means worse)');
  console.log(formatTable(figures));
  if (meter && cpu.length > 0) console.log(meter.format(cpu));
  for (const note of notes) console.log(`- ${note}`);
  const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  console.log(
    `run time: ${seconds(serverReady, performance.now())} s measuring, after ${seconds(started, serverReady)} s starting the services and the shop, waiting for the build lock, building if stale and starting next start`,
  );
  console.log(
    machineNote('BFF and service SDKs started without exporter (OTEL_EXPORTER_OTLP_ENDPOINT unset), nothing exported'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
