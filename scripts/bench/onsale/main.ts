// On-sale benchmark: how many checkouts per second the platform reserves through the BFF when every guest wants the
// same tickets, on a quota kept in one row and on a quota split into buckets, beside what this PostgreSQL does with
// the bare conditional counter update on one hot row (pgbench, 16 clients) in the same rounds; then a rush of
// checkouts on quotas of 50, whose counts are read back from ordering's database: the oversold count must be 0.
// Loopback only; every process it starts is stopped, its databases dropped and its streams and Redis keys removed
// at the end (also on Ctrl-C). The services and the BFF start their OpenTelemetry SDKs, but nothing is exported.
delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;

import { Agent } from 'node:http';
import { Cleanup } from '../lib/cleanup';
import { runClosedLoop, type LoadResult } from '../lib/closed-loop';
import { CpuMeter, type CpuReading, processTree, serverGroups } from '../lib/process-cpu';
import { formatTable, machineNote, type Figure } from '../lib/report';
import { startNextServer } from '../pages/next-server';
import { checkoutOk } from './checkout-driver';
import {
  BUCKET_MIN_CAPACITY,
  BUCKETED_CAPACITY,
  ONE_BUCKET_CAPACITY,
  PAID_PRICE_MINOR,
  SMALL_CAPACITY,
  startOnsaleBackend,
  type QuotaShape,
} from './onsale-backend';
import { countOrdersOf, readQuotaCounts, rush, type RushResult } from './oversell';
import { PGBENCH_CLIENTS, preparePgbench, SHARDED_ROWS } from './pgbench';
import { measureRoundRobin, type Side } from './round-robin';

/** ordering's QUOTA_BUCKETS for the bucketed quota; BENCH_QUOTA_BUCKETS=8 (say) measures another split. */
const BUCKETS = Number.parseInt(process.env.BENCH_QUOTA_BUCKETS ?? '16', 10);
const IN_FLIGHT = [16, 64] as const;
const PATHS = ['paid', 'free'] as const;
const SHAPES: readonly QuotaShape[] = ['one bucket', 'bucketed'];
const WARMUP_MS = 1_000;
const ROUNDS = 3;
const ROUND_MS = 2_000;
/** Checkouts sent at once at each quota of SMALL_CAPACITY. */
const RUSH_CHECKOUTS = 500;
/** Per minute: far above any run, so the limiter (still hit once per checkout, in Redis) never refuses. */
const CHECKOUT_RATE_LIMIT = 1_000_000_000;

const count = (value: number) => value.toLocaleString('en-US');

async function main(): Promise<void> {
  if (!Number.isInteger(BUCKETS) || BUCKETS < 2 || BUCKETS > 64)
    throw new Error('BENCH_QUOTA_BUCKETS must be an integer from 2 to 64');
  const cleanup = new Cleanup();
  const figures: Figure[] = [];
  const notes: string[] = [];
  const oversoldLines: string[] = [];
  const cpu: CpuReading[] = [];
  let meter: CpuMeter | undefined;
  const started = performance.now();
  let serverReady: number;
  const shapeLabel = (shape: QuotaShape) => (shape === 'bucketed' ? `${BUCKETS} buckets` : '1 bucket');
  try {
    console.error(
      `starting identity, catalog, ordering (QUOTA_BUCKETS=${BUCKETS}, QUOTA_BUCKET_MIN_CAPACITY=${count(BUCKET_MIN_CAPACITY)}) and payments (demo), building the shop through their APIs...`,
    );
    const backend = await startOnsaleBackend(cleanup, BUCKETS);
    console.error('building the BFF if stale, then starting next start...');
    const { origin, pid: bffPid } = await startNextServer(cleanup, backend, {
      ORDERING_GRPC_ADDRESS: backend.orderingGrpc,
      PAYMENTS_GRPC_ADDRESS: backend.paymentsGrpc,
      KASSA_CHECKOUT_RATE_LIMIT: String(CHECKOUT_RATE_LIMIT),
      // The stack's namespace, so that the BFF's rate-limit keys in Redis are removed with the services' at the end.
      KASSA_NAMESPACE: backend.namespace,
    });
    serverReady = performance.now();
    // One of each, so that a broken route fails here with its answer rather than inside a load round.
    for (const path of PATHS)
      for (const shape of SHAPES) await checkoutOk(origin, backend.shopId, backend.items[path][shape], path === 'paid');

    console.error(`pgbench scratch database (${SHARDED_ROWS} counter rows)...`);
    const pgbench = await preparePgbench(cleanup);
    const agents: Agent[] = [];
    cleanup.add('close the load agents', async () => agents.forEach((agent) => agent.destroy()));
    const platformSide = (path: (typeof PATHS)[number], shape: QuotaShape, inFlight: number): Side => {
      const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
      agents.push(agent);
      const call = () => checkoutOk(origin, backend.shopId, backend.items[path][shape], path === 'paid', agent);
      return {
        label: `checkout ${path}, ${shapeLabel(shape)}, ${inFlight} in flight`,
        warmup: async () => void (await runClosedLoop(inFlight, WARMUP_MS, call)),
        round: (ms) => runClosedLoop(inFlight, ms, call),
      };
    };
    const cases = PATHS.flatMap((path) =>
      IN_FLIGHT.flatMap((inFlight) =>
        SHAPES.map((shape) => ({ path, inFlight, shape, side: platformSide(path, shape, inFlight) })),
      ),
    );
    const sides = [pgbench.hot, pgbench.sharded, ...cases.map((entry) => entry.side)];
    console.error(
      `throughput: ${sides.length} sides, ${ROUNDS} rounds of ${ROUND_MS} ms each, order rotated every round...`,
    );
    meter = new CpuMeter([processTree('BFF', bffPid), ...backend.processGroups, ...serverGroups()]);
    const { results, cpu: readings } = await measureRoundRobin(sides, ROUNDS, ROUND_MS, meter);
    cpu.push(...readings);
    await pgbench.verify();
    const hot = results.get(pgbench.hot)!;
    const sharded = results.get(pgbench.sharded)!;
    const of = (path: string, inFlight: number, shape: QuotaShape): LoadResult =>
      results.get(
        cases.find((entry) => entry.path === path && entry.inFlight === inFlight && entry.shape === shape)!.side,
      )!;

    const vsHot = '(vs pgbench 1 hot row)';
    figures.push({
      name: `pgbench ${SHARDED_ROWS} rows at random: transactions/s (vs 1 hot row)`,
      value: sharded.perSecond,
      baseline: hot.perSecond,
      unit: '/s',
    });
    for (const path of PATHS) {
      for (const inFlight of IN_FLIGHT) {
        for (const shape of SHAPES) {
          const result = of(path, inFlight, shape);
          const name = `checkout ${path}, ${shapeLabel(shape)}, ${inFlight} in flight`;
          figures.push(
            { name: `${name}: reservations/s ${vsHot}`, value: result.perSecond, baseline: hot.perSecond, unit: '/s' },
            { name: `${name}: p50 ${vsHot}`, value: result.p50Ms, baseline: hot.p50Ms, unit: 'ms' },
            { name: `${name}: p99 ${vsHot}`, value: result.p99Ms, baseline: hot.p99Ms, unit: 'ms' },
          );
        }
      }
    }
    for (const path of PATHS) {
      for (const inFlight of IN_FLIGHT) {
        const bucketed = of(path, inFlight, 'bucketed');
        const one = of(path, inFlight, 'one bucket');
        figures.push(
          {
            name: `checkout ${path}, ${inFlight} in flight: reservations/s, ${BUCKETS} buckets (vs 1 bucket)`,
            value: bucketed.perSecond,
            baseline: one.perSecond,
            unit: '/s',
          },
          {
            name: `checkout ${path}, ${inFlight} in flight: p99, ${BUCKETS} buckets (vs 1 bucket)`,
            value: bucketed.p99Ms,
            baseline: one.p99Ms,
            unit: 'ms',
          },
        );
      }
    }

    console.error(`oversell: ${RUSH_CHECKOUTS} checkouts at once on each quota of ${SMALL_CAPACITY}...`);
    const rushes = new Map<QuotaShape, RushResult>();
    for (const shape of SHAPES)
      rushes.set(shape, await rush(origin, backend.shopId, backend.items.small[shape], RUSH_CHECKOUTS));
    const quotas = await readQuotaCounts(backend.orderingDatabaseUrl);
    const oversold = quotas.reduce((sum, quota) => sum + quota.oversold, 0);
    for (const shape of SHAPES) {
      const result = rushes.get(shape)!;
      const option = quotas.find((quota) => quota.id === backend.quotas.small[shape].optionQuota)!;
      const orders = await countOrdersOf(backend.orderingDatabaseUrl, backend.items.small[shape]);
      const held = option.sold + option.reserved;
      oversoldLines.push(
        `rush on a quota of ${SMALL_CAPACITY} in ${option.buckets} bucket${option.buckets === 1 ? '' : 's'}: ${count(RUSH_CHECKOUTS)} checkouts at once, ${result.accepted} accepted, ${result.soldOut} told sold out, in ${(result.ms / 1000).toFixed(1)} s; ordering holds ${held} (sold ${option.sold} + reserved ${option.reserved}) of ${option.capacity} in ${orders} orders${result.accepted === held && held === orders ? '' : ' — MISMATCH between accepted, held and orders'}${held < option.capacity ? ` — UNDERSOLD by ${option.capacity - held}` : ''}`,
      );
      if (result.accepted !== held || held !== orders) process.exitCode = 1;
    }
    oversoldLines.push(
      `oversold: ${oversold} (must be 0) = Σ max(0, sold + reserved − capacity) over all ${quotas.length} limited quotas in ordering's database (events and ticket options, the throughput ones included), buckets summed per quota`,
    );
    if (oversold !== 0) process.exitCode = 1;

    const total = (path: string) =>
      cases.filter((entry) => entry.path === path).reduce((sum, entry) => sum + results.get(entry.side)!.completed, 0);
    notes.push(
      `baseline: pgbench ${PGBENCH_CLIENTS} clients, 2 threads, one statement per transaction: \`update counter set taken = taken + 1 where id = 1 and taken + 1 <= capacity\` on one row (capacity never reached, CHECK taken <= capacity as on the platform's buckets), and the same on ${SHARDED_ROWS} rows picked at random (\\set id random(1, ${SHARDED_ROWS})), in a scratch database on the same PostgreSQL; tps without connection set-up, p50/p99 from pgbench's per-transaction log; ${count(hot.completed)} + ${count(sharded.completed)} transactions measured.`,
      `checkout: POST /api/shops/{id}/checkout through next start with the spec's payload (one item, quantity 1, a fresh idempotency key and e-mail per call), Origin and Sec-Fetch-Site: same-origin as a browser sends them; any answer but 201 with the order fails the run. The BFF's per-IP checkout limit (600/min) is raised with KASSA_CHECKOUT_RATE_LIMIT=${CHECKOUT_RATE_LIMIT} (the limiter still runs, one Redis script per checkout); TRUST_PROXY is off, X-Forwarded-For is not used.`,
      `paid: an item of €${(PAID_PRICE_MINOR / 100).toFixed(2)}, what guests do: ordering reserves (one transaction: idempotency claim, conditional updates of the event's and the ticket option's quota rows in id order, order, line, allocations, history, outbox), schedules the hold's expiry job (BullMQ), then the BFF asks payments.CreatePayment with the attestation of the order that came with the checkout (demo provider; payments reads the order from it instead of asking ordering.GetPayableOrder, stores the attempt, publishes payment.pending, which ordering applies asynchronously); the answer must redirect to the demo payment page. ${count(total('paid'))} paid checkouts measured.`,
      `free: an item of €0 on the same quotas: reserved and sold in the same transaction, no hold, no payment. ${count(total('free'))} free checkouts measured.`,
      `quotas: one ordering with QUOTA_BUCKETS=${BUCKETS} and QUOTA_BUCKET_MIN_CAPACITY=${count(BUCKET_MIN_CAPACITY)}: the "1 bucket" items' event and ticket option hold ${count(ONE_BUCKET_CAPACITY)} each (below the threshold: one row each), the "${BUCKETS} buckets" items' hold ${count(BUCKETED_CAPACITY)} (${BUCKETS} rows each, a checkout tries one at random and spills over only when it is short), checked in ordering's database before the first checkout. Never sold out during the throughput rounds. Both shapes run in the same rounds against the same processes.`,
      `load: each side warmed up ${WARMUP_MS} ms (pgbench 1 s), then ${ROUNDS} rounds in which every side runs ${ROUND_MS} ms, the order rotated by one per round; a closed loop keeps the stated number of checkouts in flight (keep-alive, one socket each) and lets the last ones finish, so the slow ones count.`,
      `services: identity, catalog, ordering, payments (PAYMENT_PROVIDER=demo) from testing/src/stack.ts (their production bundles, node --enable-source-maps dist/main.js with NODE_ENV=production; own databases, namespace and ports, LOG_LEVEL warn) and next start (the production build of bff/, LOG_LEVEL warn, identity and notifications at a closed port), all on this machine with the load driver and PostgreSQL; ordering's connection pool holds 10.`,
      `rush: ${RUSH_CHECKOUTS} checkouts of one ticket sent at once per quota of ${SMALL_CAPACITY} (one socket each), a 201 or a 400 "This item is sold out" each, anything else fails the run; the bucketed small quota was created at ${count(BUCKETED_CAPACITY)} (so it got ${BUCKETS} buckets) and lowered to ${SMALL_CAPACITY}, which its buckets share.`,
    );
  } finally {
    await cleanup.run();
  }

  console.log('Kassa on-sale benchmark (ratio = value / baseline; for latency, above 1 means slower)');
  console.log(formatTable(figures));
  for (const line of oversoldLines) console.log(line);
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
