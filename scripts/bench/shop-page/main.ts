// Shop page benchmark: what `next start` costs for the public shop page /s/{shopId} (catalog's GetPublicShop and
// ordering's GetAvailability behind the BFF's short in-process caches), beside a bare node:http server serving the
// same bytes in the same run; the database transactions a page view causes in catalog and ordering; and LCP/CLS in
// headless Chromium. Loopback only; every process it starts is stopped and its databases dropped at the end.
delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;

import { Agent } from 'node:http';
import { launchBrowser } from '@kassa/testing/browser';
import { Cleanup } from '../lib/cleanup';
import { runClosedLoop, type LoadShape } from '../lib/closed-loop';
import { httpGetOk } from '../lib/http-get';
import { CpuMeter, type CpuReading, processTree, serverGroups } from '../lib/process-cpu';
import { formatTable, machineNote, type Figure } from '../lib/report';
import { startBareCopyServer } from '../pages/bare-copy-server';
import { startNextServer } from '../pages/next-server';
import { comparePageThroughput, snapshotPage } from '../pages/throughput';
import { compareVitals, VIEWPORTS } from '../pages/web-vitals';
import { DatabaseActivity, FLUSH_WAIT_MS } from './database-activity';
import { startShopBackend } from '../lib/shop-backend';

const LOAD: LoadShape = { concurrency: 16, warmupMs: 1_000, rounds: 4, roundMs: 1_000 };
const COLD_LOADS = 5;
/** The load run whose database cost is counted (every request counted, warm-up included). */
const COUNTED_LOAD_MS = 5_000;
const IDLE_WINDOW_MS = 10_000;

const count = (value: number) => value.toLocaleString('en-US');
const perView = (value: number, views: number) =>
  views === 0 ? 'n/a' : (value / views).toFixed(value / views < 1 ? 3 : 1);

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  const figures: Figure[] = [];
  const notes: string[] = [];
  const cpu: CpuReading[] = [];
  let meter: CpuMeter | undefined;
  const started = performance.now();
  let serverReady: number;
  try {
    console.error('starting identity, catalog and ordering, building an open shop through their APIs...');
    const backend = await startShopBackend(cleanup);
    const path = `/s/${backend.shopId}`;
    console.error('building the BFF if stale, then starting next start...');
    const { origin: nextOrigin, pid: bffPid } = await startNextServer(cleanup, backend, {
      ORDERING_GRPC_ADDRESS: backend.orderingGrpc,
    });
    meter = new CpuMeter([processTree('BFF', bffPid), ...backend.processGroups, ...serverGroups()]);
    serverReady = performance.now();

    const first = await httpGetOk(`${nextOrigin}${path}`);
    const html = first.body.toString('utf8');
    for (const expected of ['Weekend pass', 'Saturday regular', 'data-testid="quantity-picker"']) {
      if (!html.includes(expected))
        throw new Error(`the shop page lacks ${expected}: is the shop open and sold by ordering?`);
    }
    const snapshot = await snapshotPage(nextOrigin, path);
    const bare = await startBareCopyServer([snapshot], nextOrigin);
    cleanup.add('close bare server', () => bare.close());

    // Database cost: table scans in catalog's and ordering's databases per page view, background subtracted.
    const activity = await DatabaseActivity.open(
      backend.databases.filter((name) => name.endsWith('_catalog') || name.endsWith('_ordering')),
    );
    cleanup.add('close the statistics connection', () => activity.close());
    console.error(
      `database activity: ${IDLE_WINDOW_MS / 1000} s idle baseline, one cold view, then ${COUNTED_LOAD_MS / 1000} s of load (each after ${FLUSH_WAIT_MS / 1000} s for counters to flush)...`,
    );
    const idle = await activity.idleRate(IDLE_WINDOW_MS);
    // The flush wait before it has let both in-process caches expire: this view asks catalog and ordering.
    const cold = await activity.during(async () => void (await httpGetOk(`${nextOrigin}${path}`)), idle);
    let views = 0;
    const agent = new Agent({ keepAlive: true, maxSockets: LOAD.concurrency });
    const loaded = await activity.during(async () => {
      await runClosedLoop(LOAD.concurrency, COUNTED_LOAD_MS, async () => {
        await httpGetOk(`${nextOrigin}${path}`, agent);
        views += 1;
      });
    }, idle);
    agent.destroy();

    console.error(
      `${path}: ${LOAD.concurrency} in flight, ${LOAD.warmupMs} ms warm-up, then ${LOAD.rounds} × ${LOAD.roundMs} ms each, interleaved...`,
    );
    const { next, bare: copy, cpu: reading } = await comparePageThroughput(LOAD, path, nextOrigin, bare.origin, meter);
    if (reading) cpu.push(reading);
    figures.push(
      { name: '/s/{id} requests/s (vs bare copy)', value: next.perSecond, baseline: copy.perSecond, unit: '/s' },
      { name: '/s/{id} p50 latency (vs bare copy)', value: next.p50Ms, baseline: copy.p50Ms, unit: 'ms' },
      { name: '/s/{id} p99 latency (vs bare copy)', value: next.p99Ms, baseline: copy.p99Ms, unit: 'ms' },
    );

    const browser = await launchBrowser();
    cleanup.add('close Chromium', () => browser.close());
    // One unrecorded load, so the first measured one does not pay for starting the browser's renderer.
    await compareVitals(browser, `${nextOrigin}${path}`, `${bare.origin}${path}`, VIEWPORTS[0]!, 1);
    for (const viewport of VIEWPORTS) {
      console.error(`${path} in Chromium, ${viewport.name}: ${COLD_LOADS} cold loads each, alternating...`);
      const vitals = await compareVitals(
        browser,
        `${nextOrigin}${path}`,
        `${bare.origin}${path}`,
        viewport,
        COLD_LOADS,
      );
      figures.push(
        {
          name: `/s/{id} LCP ${viewport.name} (vs bare copy)`,
          value: vitals.value.lcpMs,
          baseline: vitals.baseline.lcpMs,
          unit: 'ms',
        },
        {
          name: `/s/{id} CLS ${viewport.name} (vs bare copy)`,
          value: vitals.value.cls,
          baseline: vitals.baseline.cls,
          unit: 'score',
        },
      );
    }

    const loadedSeconds = loaded.ms / 1000;
    notes.push(
      `database queries per page view, as table scans (catalog + ordering databases, background subtracted): cold view (both BFF caches expired) ${perView(cold.scans, 1)}; under load ${perView(loaded.scans, views)} (${count(Math.round(loaded.scans))} scans for ${count(views)} views in ${loadedSeconds.toFixed(1)} s, ${LOAD.concurrency} in flight). Rows written: ${Math.round(cold.rowsWritten)} by the cold view, ${Math.round(loaded.rowsWritten)} under load (reads write nothing).`,
      `how they are counted: pg_stat_user_tables seq_scan + idx_scan of every table but outbox/inbox (which their relays poll), and n_tup_ins/upd/del of every table, summed over the two databases, read ${FLUSH_WAIT_MS / 1000} s after the work so every backend has flushed its counters, minus the same span's share of a ${IDLE_WINDOW_MS / 1000} s idle baseline (${(idle.scans * 1000).toFixed(2)} scans/s, ${(idle.rowsWritten * 1000).toFixed(2)} rows written/s). A query reading one table counts once; a join or a query with a subquery counts once per table it scans, so this is an upper bound on statements. pg_stat_statements would count statements exactly but needs shared_preload_libraries, i.e. restarting the shared PostgreSQL, which a benchmark must not do.`,
      `why under load is far below the cold view: the BFF keeps GetAvailability per shop for at most 1 s and GetPublicShop per shop+locale+access for at most 5 s (never past opensAt/closesAt), single-flight, so a rush costs catalog about one call per 5 s and ordering about one per second, whatever the number of guests.`,
      `/s/{id}: ${count(snapshot.body.length)} bytes of HTML (an open public shop, one offer granting two events, three single tickets, donation option); Cache-Control ${String(first.headers['cache-control'])}; ${count(next.completed)} requests to next start, ${count(copy.completed)} to the bare copy measured.`,
      `next start: the production build of bff/ bound to localhost, catalog and ordering addresses pointed at the services below, identity and notifications at a closed port (the page calls neither); OpenTelemetry SDK without exporter; LOG_LEVEL warn.`,
      `services: identity, catalog and ordering from testing/src/stack.ts (their production bundles, node --enable-source-maps dist/main.js with NODE_ENV=production; own databases, namespace and ports, LOG_LEVEL warn) on the shared 127.0.0.1 PostgreSQL; the shop built through identity's and catalog's gRPC APIs as its organiser, open once catalog's job opened it and ordering's projection sold all four items.`,
      `bare copy: node:http in this process answering the page's path with the bytes next start gave once; every other path is proxied to next start.`,
      `throughput: ${LOAD.concurrency} GETs in flight per side (keep-alive), whole body read, any non-200 fails the run; ${LOAD.warmupMs} ms warm-up, ${LOAD.rounds} alternating rounds of ${LOAD.roundMs} ms. The load driver shares its process with the bare server.`,
      `LCP/CLS: headless Chromium, median of ${COLD_LOADS} cold loads (new context, empty localStorage so an empty cart) per side, alternating; phone 390×844, desktop 1280×800; read after the load event + 500 ms.`,
    );
  } finally {
    await cleanup.run();
  }

  console.log('Kassa shop page benchmark (ratio = value / baseline; for latency, LCP and CLS, above 1 means worse)');
  console.log(formatTable(figures));
  if (meter && cpu.length > 0) console.log(meter.format(cpu));
  for (const note of notes) console.log(`- ${note}`);
  const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  console.log(
    `run time: ${seconds(serverReady, performance.now())} s measuring, after ${seconds(started, serverReady)} s starting the services, building the shop, waiting for the build lock, building if stale and starting next start`,
  );
  console.log(
    machineNote('BFF and service SDKs started without exporter (OTEL_EXPORTER_OTLP_ENDPOINT unset), nothing exported'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
