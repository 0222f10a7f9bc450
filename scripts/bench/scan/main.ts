// Scan benchmark: how fast the door admits tickets through the BFF's public scan API (a scan link, as door staff's
// phones use it), beside what this PostgreSQL does with the bare form of a check-in, an uncontended single-row
// UPDATE (pgbench), with the same clients for the same time in the same run; then the same tickets raced from two
// doors, and ticketing's records read back: a ticket admitted more than once must never happen. Last, the grown
// event's offline kit as a phone downloads, keeps and uses it (offline-kit.ts).
// Loopback only; every process it starts is stopped, its databases dropped and its streams and Redis keys removed
// at the end (also on Ctrl-C). The services and the BFF start their OpenTelemetry SDKs, but nothing is exported.
delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;

import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { callerKeyFromRoot, createGrpcClient } from '@kassa/platform/grpc';
import { ScanServiceClient } from '@kassa/proto/ticketing/v1/scanning';
import { Cleanup } from '../lib/cleanup';
import { CpuMeter, type CpuReading, processTree, serverGroups } from '../lib/process-cpu';
import { formatTable, machineNote, type Figure } from '../lib/report';
import { startNextServer } from '../pages/next-server';
import { race, readAdmissionCounts } from './double-admission';
import { type Measured, runFixedCount, runOpenLoop, summarize } from './load';
import { measureOfflineKit } from './offline-kit';
import { PGBENCH_ROWS, prepareUpdateBaseline } from './pgbench-update';
import { startScanBackend, TICKETS_PER_ORDER } from './scan-backend';
import { openScanner, phones, scanExpecting, type ScanTarget } from './scan-driver';

/** Scans in flight in the closed loops (and pgbench's clients); BENCH_SCAN_IN_FLIGHT=64 (say) measures another. */
const IN_FLIGHT = Number.parseInt(process.env.BENCH_SCAN_IN_FLIGHT ?? '32', 10);
const WARMUP_SCANS = 500;
const FIRST_ADMISSIONS = 1_000;
/** The same first admissions straight to ticketing's ScanService.Scan (gRPC), to tell the BFF's share from ticketing's. */
const DIRECT_ADMISSIONS = 500;
/** Half new tickets, half re-scans of tickets admitted before, alternating. */
const MIX_SCANS = 600;
const STEADY_RATE = 50;
const STEADY_MS = 20_000;
const STEADY_SCANS = (STEADY_RATE * STEADY_MS) / 1000;
/** pgbench's clients at the fixed rate: enough that a client is always free when the next transaction is due. */
const STEADY_PGBENCH_CLIENTS = 8;
const RACE_TICKETS = 200;
/** Scans of each ticket from each of the two doors, all sent together. */
const RACE_SCANS_PER_DOOR = 2;
/** Tickets raced at once (each with 2 × RACE_SCANS_PER_DOOR scans in flight). */
const RACE_CONCURRENT_TICKETS = 16;
/** The phones the load comes from (each its own device id and address): see the note on the rate limit. */
const PHONES = 256;
/** (a) and (b) again at the small event just before it grows, so that both sizes are compared warm (see (d)). */
const AGAIN_SCANS = FIRST_ADMISSIONS + STEADY_SCANS;
const TICKETS =
  WARMUP_SCANS + FIRST_ADMISSIONS + DIRECT_ADMISSIONS + MIX_SCANS / 2 + STEADY_SCANS + RACE_TICKETS + AGAIN_SCANS;
/** The festival-sized event the first admissions and the steady load are measured at again (BENCH_SCAN_LARGE_EVENT). */
const LARGE_EVENT = Number.parseInt(process.env.BENCH_SCAN_LARGE_EVENT ?? '50000', 10);
/** Scanned at the large event: a warm-up, the first admissions, the steady load. */
const LARGE_EVENT_SCANS = WARMUP_SCANS + FIRST_ADMISSIONS + STEADY_SCANS;
/** Codes decided offline from the grown event's kit in (e). */
const KIT_DECIDED_CODES = 50;

const count = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  if (!Number.isInteger(IN_FLIGHT) || IN_FLIGHT < 1 || IN_FLIGHT > 64)
    throw new Error(
      'BENCH_SCAN_IN_FLIGHT must be an integer from 1 to 64 (PostgreSQL allows 100 connections, the services hold some)',
    );
  if (!Number.isInteger(LARGE_EVENT) || LARGE_EVENT < TICKETS + LARGE_EVENT_SCANS)
    throw new Error(`BENCH_SCAN_LARGE_EVENT must be an integer of at least ${TICKETS + LARGE_EVENT_SCANS}`);
  const cleanup = new Cleanup();
  const figures: Figure[] = [];
  const lines: string[] = [];
  const notes: string[] = [];
  const cpu: CpuReading[] = [];
  let meter: CpuMeter | undefined;
  const started = performance.now();
  let serverReady: number;
  try {
    console.error(
      `starting identity, catalog, ordering, payments and ticketing, buying ${count(TICKETS)} free tickets through ordering...`,
    );
    const backend = await startScanBackend(cleanup, TICKETS, LARGE_EVENT);
    const codes = backend.codes.slice();
    const take = (n: number): string[] => {
      if (codes.length < n) throw new Error(`${n} tickets wanted, ${codes.length} left`);
      return codes.splice(0, n);
    };
    const [mainSecret, northSecret, southSecret] = [
      await backend.createScanLink('Main entrance'),
      await backend.createScanLink('North door'),
      await backend.createScanLink('South door'),
    ];

    console.error('building the BFF if stale, then starting next start...');
    const next = await startNextServer(cleanup, backend, {
      ORDERING_GRPC_ADDRESS: backend.orderingGrpc,
      PAYMENTS_GRPC_ADDRESS: backend.paymentsGrpc,
      TICKETING_GRPC_ADDRESS: backend.ticketingGrpc,
      // As behind the ingress: the client address comes from X-Forwarded-For (see the note on the rate limit).
      TRUST_PROXY: '1',
      // The stack's namespace, so that the BFF's rate-limit keys in Redis are removed with the services' at the end.
      KASSA_NAMESPACE: backend.namespace,
    });
    serverReady = performance.now();
    meter = new CpuMeter([processTree('BFF', next.pid), ...backend.processGroups, ...serverGroups()]);
    const measured = async <T extends { calls: number }>(side: string, run: () => Promise<T>): Promise<T> => {
      const { result, reading } = await meter!.measure(side, run, (outcome) => outcome.calls);
      cpu.push(reading);
      return result;
    };
    // next start listens on localhost, which is 127.0.0.1 here; the API is addressed by the literal loopback address.
    const origin = `http://127.0.0.1:${new URL(next.origin).port}`;
    const door = (secret: string): ScanTarget => ({ origin, secret });
    const entrance = door(mainSecret);
    const crowd = phones(PHONES, 'm');
    const [north, south] = [phones(1, 'n')[0]!, phones(1, 's')[0]!];
    north.address = '10.78.0.1';
    south.address = '10.78.0.2';
    await openScanner(entrance, crowd[0]!, backend.eventId);
    await openScanner(door(northSecret), north, backend.eventId);
    await openScanner(door(southSecret), south, backend.eventId);

    console.error(`pgbench scratch database (${count(PGBENCH_ROWS)} rows)...`);
    const pgbench = await prepareUpdateBaseline(cleanup);
    const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    const openAgent = new Agent({ keepAlive: true, maxSockets: 256 });
    cleanup.add('close the load agents', async () => [agent, openAgent].forEach((entry) => entry.destroy()));
    const phone = (index: number) => crowd[index % crowd.length]!;

    console.error(`warm-up: ${WARMUP_SCANS} first admissions, ${IN_FLIGHT} in flight...`);
    const warmup = take(WARMUP_SCANS);
    await runFixedCount(IN_FLIGHT, warmup.length, (index) =>
      scanExpecting(entrance, phone(index), warmup[index]!, 'valid', agent),
    );

    console.error(`(a) ${count(FIRST_ADMISSIONS)} first admissions, ${IN_FLIGHT} in flight...`);
    const first = take(FIRST_ADMISSIONS);
    const admissions = await measured('first admission, BFF', () =>
      runFixedCount(IN_FLIGHT, first.length, (index) =>
        scanExpecting(entrance, phone(index), first[index]!, 'valid', agent),
      ),
    );
    console.error(`    the same, ${DIRECT_ADMISSIONS} straight to ticketing's ScanService.Scan over gRPC...`);
    const direct = take(DIRECT_ADMISSIONS);
    const grpcScans = createGrpcClient(ScanServiceClient, backend.ticketingGrpc, {
      callerKey: callerKeyFromRoot(backend.callerKey),
      deadlineMs: 30_000,
    });
    cleanup.add('close the gRPC scan client', async () => grpcScans.close());
    const directAdmissions = await measured('first admission, gRPC', () =>
      runFixedCount(IN_FLIGHT, direct.length, async (index) => {
        const answer = await grpcScans.scan({
          access: { linkSecret: mainSecret, organisationId: '', eventId: '' },
          code: direct[index]!,
          nonce: randomUUID(),
          deviceId: phone(index).deviceId,
        });
        if (answer.result !== 'valid') throw new Error(`a direct scan answered ${JSON.stringify(answer)}`);
      }),
    );
    const closedSeconds = Math.max(5, Math.round(admissions.elapsedMs / 1000));
    console.error(`    pgbench: ${IN_FLIGHT} clients, ${closedSeconds} s...`);
    const closedBaseline = await measured('pgbench', () =>
      pgbench.measure({ clients: IN_FLIGHT, seconds: closedSeconds }),
    );

    console.error(
      `(a) mix: ${count(MIX_SCANS)} scans, new tickets and re-scans alternating, ${IN_FLIGHT} in flight...`,
    );
    const fresh = take(MIX_SCANS / 2);
    const rescanned = first.slice(0, MIX_SCANS / 2);
    const byKind = { valid: [] as number[], already_used: [] as number[] };
    const mix = await runFixedCount(IN_FLIGHT, MIX_SCANS, async (index) => {
      const kind = index % 2 === 0 ? 'valid' : 'already_used';
      const code = kind === 'valid' ? fresh[index / 2]! : rescanned[(index - 1) / 2]!;
      const sent = performance.now();
      await scanExpecting(entrance, phone(index), code, kind, agent);
      byKind[kind].push(performance.now() - sent);
    });
    const mixNew = summarize(byKind.valid, mix.elapsedMs);
    const mixRescan = summarize(byKind.already_used, mix.elapsedMs);

    console.error(`(b) ${STEADY_RATE} scans/s for ${STEADY_MS / 1000} s, open loop...`);
    const steadyCodes = take(STEADY_SCANS);
    const steady = await measured(`steady ${STEADY_RATE}/s`, () =>
      runOpenLoop(STEADY_RATE, STEADY_MS, (index) =>
        scanExpecting(entrance, phone(index), steadyCodes[index]!, 'valid', openAgent),
      ),
    );
    console.error(`    pgbench: -R ${STEADY_RATE}, ${STEADY_PGBENCH_CLIENTS} clients, ${STEADY_MS / 1000} s...`);
    const steadyBaseline = await pgbench.measure({
      clients: STEADY_PGBENCH_CLIENTS,
      seconds: STEADY_MS / 1000,
      rate: STEADY_RATE,
    });
    await pgbench.verify();

    console.error(`(c) ${RACE_TICKETS} tickets, each scanned ${RACE_SCANS_PER_DOOR}× at each of two doors at once...`);
    const raced = await race(
      take(RACE_TICKETS),
      [
        { target: door(northSecret), phone: north },
        { target: door(southSecret), phone: south },
      ],
      RACE_SCANS_PER_DOOR,
      RACE_CONCURRENT_TICKETS,
    );
    const bought = Math.ceil(TICKETS / TICKETS_PER_ORDER) * TICKETS_PER_ORDER;
    // The first phases run while the processes are still warming up (JIT, pools) and the purchase's events drain:
    // the size comparison takes (a) and (b) again here, warm, at the small event.
    console.error(
      `(d) again at ${count(bought)} tickets, warm: ${count(FIRST_ADMISSIONS)} first admissions, then ${STEADY_RATE}/s for ${STEADY_MS / 1000} s...`,
    );
    await backend.settle();
    const againFirst = take(FIRST_ADMISSIONS);
    const smallAdmissions = await measured(`first admission at ${count(bought)} again, BFF`, () =>
      runFixedCount(IN_FLIGHT, againFirst.length, (index) =>
        scanExpecting(entrance, phone(index), againFirst[index]!, 'valid', agent),
      ),
    );
    const againSteady = take(STEADY_SCANS);
    const smallSteady = await measured(`steady ${STEADY_RATE}/s at ${count(bought)} again`, () =>
      runOpenLoop(STEADY_RATE, STEADY_MS, (index) =>
        scanExpecting(entrance, phone(index), againSteady[index]!, 'valid', openAgent),
      ),
    );
    const admittedInRun =
      WARMUP_SCANS +
      FIRST_ADMISSIONS +
      DIRECT_ADMISSIONS +
      MIX_SCANS / 2 +
      STEADY_SCANS +
      raced.admittedBy[0] +
      raced.admittedBy[1] +
      AGAIN_SCANS +
      LARGE_EVENT_SCANS;

    console.error(
      `(d) the event grows to ${count(LARGE_EVENT)} tickets: buying ${count(LARGE_EVENT - bought)} more...`,
    );
    const largeCodes = await backend.buy(LARGE_EVENT - bought, LARGE_EVENT_SCANS);
    await backend.settle();
    const takeLarge = (n: number) => largeCodes.splice(0, n);
    const largeWarmup = takeLarge(WARMUP_SCANS);
    await runFixedCount(IN_FLIGHT, largeWarmup.length, (index) =>
      scanExpecting(entrance, phone(index), largeWarmup[index]!, 'valid', agent),
    );
    console.error(
      `(d) ${count(FIRST_ADMISSIONS)} first admissions at ${count(LARGE_EVENT)} tickets, ${IN_FLIGHT} in flight...`,
    );
    const largeFirst = takeLarge(FIRST_ADMISSIONS);
    const largeAdmissions = await measured(`first admission at ${count(LARGE_EVENT)}, BFF`, () =>
      runFixedCount(IN_FLIGHT, largeFirst.length, (index) =>
        scanExpecting(entrance, phone(index), largeFirst[index]!, 'valid', agent),
      ),
    );
    console.error(`(d) ${STEADY_RATE} scans/s for ${STEADY_MS / 1000} s at ${count(LARGE_EVENT)} tickets...`);
    const largeSteadyCodes = takeLarge(STEADY_SCANS);
    const largeSteady = await measured(`steady ${STEADY_RATE}/s at ${count(LARGE_EVENT)}`, () =>
      runOpenLoop(STEADY_RATE, STEADY_MS, (index) =>
        scanExpecting(entrance, phone(index), largeSteadyCodes[index]!, 'valid', openAgent),
      ),
    );
    console.error(`(e) the offline kit at ${count(LARGE_EVENT)} tickets, in Chromium with a phone's CPU...`);
    const kit = await measureOfflineKit(cleanup, {
      origin,
      secret: mainSecret,
      deviceId: crowd[0]!.deviceId,
      codes: largeSteadyCodes.slice(0, KIT_DECIDED_CODES),
      measured,
    });
    const counts = await readAdmissionCounts(backend.ticketingDatabaseUrl, backend.eventId);

    const vsClosed = `(vs pgbench, ${IN_FLIGHT} clients)`;
    const closedFigures = (label: string, result: Measured) => [
      {
        name: `${label}: scans/s ${vsClosed}`,
        value: result.perSecond,
        baseline: closedBaseline.tps,
        unit: '/s' as const,
      },
      {
        name: `${label}: latency avg ${vsClosed}`,
        value: result.avgMs,
        baseline: closedBaseline.avgMs,
        unit: 'ms' as const,
      },
      { name: `${label}: p50 ${vsClosed}`, value: result.p50Ms, baseline: closedBaseline.p50Ms, unit: 'ms' as const },
      { name: `${label}: p99 ${vsClosed}`, value: result.p99Ms, baseline: closedBaseline.p99Ms, unit: 'ms' as const },
    ];
    figures.push(
      ...closedFigures(`first admission, ${IN_FLIGHT} in flight`, admissions),
      ...closedFigures(`mix 1:1 new/re-scan, ${IN_FLIGHT} in flight`, mix),
      {
        name: `first admission, ${IN_FLIGHT} in flight: scans/s, ticketing's gRPC straight (vs through the BFF)`,
        value: directAdmissions.perSecond,
        baseline: admissions.perSecond,
        unit: '/s',
      },
      {
        name: `first admission, ${IN_FLIGHT} in flight: p50, ticketing's gRPC straight (vs through the BFF)`,
        value: directAdmissions.p50Ms,
        baseline: admissions.p50Ms,
        unit: 'ms',
      },
      {
        name: `first admission, ${IN_FLIGHT} in flight: p99, ticketing's gRPC straight (vs through the BFF)`,
        value: directAdmissions.p99Ms,
        baseline: admissions.p99Ms,
        unit: 'ms',
      },
      {
        name: `steady ${STEADY_RATE}/s open loop: latency avg (vs pgbench -R ${STEADY_RATE})`,
        value: steady.avgMs,
        baseline: steadyBaseline.avgMs,
        unit: 'ms',
      },
      {
        name: `steady ${STEADY_RATE}/s open loop: p50 (vs pgbench -R ${STEADY_RATE})`,
        value: steady.p50Ms,
        baseline: steadyBaseline.p50Ms,
        unit: 'ms',
      },
      {
        name: `steady ${STEADY_RATE}/s open loop: p99 (vs pgbench -R ${STEADY_RATE})`,
        value: steady.p99Ms,
        baseline: steadyBaseline.p99Ms,
        unit: 'ms',
      },
      {
        name: `first admission, ${IN_FLIGHT} in flight: scans/s at ${count(LARGE_EVENT)} tickets (vs at ${count(bought)}, warm)`,
        value: largeAdmissions.perSecond,
        baseline: smallAdmissions.perSecond,
        unit: '/s',
      },
      {
        name: `first admission, ${IN_FLIGHT} in flight: p50 at ${count(LARGE_EVENT)} tickets (vs at ${count(bought)}, warm)`,
        value: largeAdmissions.p50Ms,
        baseline: smallAdmissions.p50Ms,
        unit: 'ms',
      },
      {
        name: `steady ${STEADY_RATE}/s open loop: p50 at ${count(LARGE_EVENT)} tickets (vs at ${count(bought)}, warm)`,
        value: largeSteady.p50Ms,
        baseline: smallSteady.p50Ms,
        unit: 'ms',
      },
      {
        name: `steady ${STEADY_RATE}/s open loop: p99 at ${count(LARGE_EVENT)} tickets (vs at ${count(bought)}, warm)`,
        value: largeSteady.p99Ms,
        baseline: smallSteady.p99Ms,
        unit: 'ms',
      },
    );

    figures.push(...kit.figures);
    lines.push(...kit.lines);
    if (!kit.ok) process.exitCode = 1;
    const raceOk = raced.wrongAnswers === 0 && counts.admittedMoreThanOnce === 0;
    const recordsOk =
      counts.checkIns === admittedInRun && counts.checkedInAccess === admittedInRun && counts.conflicts === 0;
    lines.push(
      `mix by answer: new tickets ("valid") p50 ${ms(mixNew.p50Ms)}, p99 ${ms(mixNew.p99Ms)}; re-scans ("already_used") p50 ${ms(mixRescan.p50Ms)}, p99 ${ms(mixRescan.p99Ms)}`,
      `steady: ${count(steady.calls)} scans scheduled every ${(1000 / STEADY_RATE).toFixed(0)} ms, max ${ms(steady.maxMs)}, at most ${steady.maxInFlight} in flight, driver's worst send lag ${ms(steady.maxSendLagMs)}; pgbench -R: ${count(steadyBaseline.calls)} transactions at ${steadyBaseline.tps.toFixed(1)} tps, max ${ms(steadyBaseline.maxMs)}`,
      `double admissions: ${counts.admittedMoreThanOnce} (must be 0) tickets with more than one check-in record at the event in ticketing's database, after ${count(raced.tickets)} tickets were each scanned ${RACE_SCANS_PER_DOOR}× at each of two doors at once (${count(raced.scans)} scans in ${(raced.ms / 1000).toFixed(1)} s, ${RACE_CONCURRENT_TICKETS} tickets = ${RACE_CONCURRENT_TICKETS * RACE_SCANS_PER_DOOR * 2} scans in flight): admitted by the north door ${raced.admittedBy[0]}, by the south door ${raced.admittedBy[1]}, tickets without exactly one "valid" answer ${raced.wrongAnswers}${raceOk ? '' : ' — DOUBLE ADMISSION'}`,
      `ticketing's records: ${count(counts.checkIns)} check-ins, ${count(counts.checkedInAccess)} access rows checked in, ${counts.conflicts} conflicts; ${count(admittedInRun)} "valid" answers in the run${recordsOk ? '' : ' — MISMATCH'}`,
    );
    if (!raceOk || !recordsOk) process.exitCode = 1;
    const grown = largeAdmissions.perSecond / smallAdmissions.perSecond;
    const cpuPerScan = (side: string) => {
      const reading = cpu.find((entry) => entry.side === side)!;
      return Object.values(reading.msByGroup).reduce((sum, value) => sum + value, 0) / reading.requests;
    };
    const cpuGrown =
      cpuPerScan(`first admission at ${count(LARGE_EVENT)}, BFF`) /
      cpuPerScan(`first admission at ${count(bought)} again, BFF`);
    lines.push(
      `event size: first admissions at ${count(LARGE_EVENT)} tickets ran at ${(grown * 100).toFixed(0)} % of the rate at ${count(bought)} (warm), costing ${(cpuGrown * 100).toFixed(0)} % of the CPU per scan of all processes (the scan's cost must not grow with the event: within 15 %)`,
    );

    notes.push(
      `scan: POST /api/scan { secret, code, nonce, deviceId } through next start (the production build of bff/), as the scanner page sends it through a scan link: each code a ticket's signed code (KT1…, the QR's content) read back through ticketing's ListOrderTickets, a fresh nonce per scan, Origin and Sec-Fetch-Site: same-origin; any answer but 200 with the expected result fails the run. Behind it: the link's rate limit (one Redis script), then ScanService.Scan: link lookup, Ed25519 verification, one transaction (nonce claim, ticket read, the conditional UPDATE of ticket_access, ticket status, check-in record, outbox event, live counts, the link's counter, the stored answer).`,
      `rate limit: the BFF allows 600 scans per minute per scan link and client address (a phone at a door) and has no setting to raise it; the load comes from one machine, so the BFF runs with TRUST_PROXY=1 (as behind its ingress) and each scan carries one of ${PHONES} phones' addresses in X-Forwarded-For with that phone's device id (round robin, each phone far below its limit). The limiter still runs on every scan.`,
      `tickets: ${count(TICKETS)} free tickets (${count(TICKETS / TICKETS_PER_ORDER)} orders of ${TICKETS_PER_ORDER} through ordering.Checkout; a free order is paid at checkout and ticketing issues its tickets from order.paid) for one event; each phase uses tickets no other phase touched, except the re-scans. Scan links: "Main entrance" for (a) and (b), "North door" and "South door" for (c).`,
      `(a) closed loop: ${IN_FLIGHT} scans in flight (keep-alive, one socket each), each the first scan of a different ticket ("valid"), ${WARMUP_SCANS} warm-up scans not counted, then ${count(FIRST_ADMISSIONS)} measured until the last answered (${(admissions.elapsedMs / 1000).toFixed(1)} s); right after, ${DIRECT_ADMISSIONS} more the same way but straight to ticketing's ScanService.Scan (one gRPC channel, the same link, no BFF: what the BFF adds; ${(directAdmissions.elapsedMs / 1000).toFixed(1)} s); the mix alternates a new ticket and a re-scan of one admitted in (a) ("already_used"), ${count(MIX_SCANS)} scans (${(mix.elapsedMs / 1000).toFixed(1)} s).`,
      `(a) baseline: pgbench -n -c ${IN_FLIGHT} -j 2 -T ${closedSeconds} (the first-admission phase's length) in a scratch database on the same PostgreSQL, one statement per transaction: \`update seat set admitted = admitted + 1 where id = :id\` with \\set id random(1, ${count(PGBENCH_ROWS)}) over ${count(PGBENCH_ROWS)} rows (uncontended); tps without connection set-up; avg/p50/p99 from pgbench's per-transaction log (-l); ${count(closedBaseline.calls)} transactions. Run right after (a) and its gRPC twin, not interleaved.`,
      `(b) open loop: a scan sent every ${1000 / STEADY_RATE} ms for ${STEADY_MS / 1000} s whatever the earlier ones are doing (no cap on scans in flight), latency measured from each scan's scheduled time, so a stall shows in full. Baseline: pgbench -R ${STEADY_RATE} -c ${STEADY_PGBENCH_CLIENTS} -T ${STEADY_MS / 1000}, the same UPDATE; pgbench's per-transaction latency under -R counts from the scheduled start as well (its arrivals are Poisson, not evenly spaced).`,
      `(d) the event grows: first ${count(FIRST_ADMISSIONS)} first admissions ${IN_FLIGHT} in flight and ${STEADY_RATE}/s for ${STEADY_MS / 1000} s again at ${count(bought)} tickets (warm: the first phases also pay for the processes' warm-up), after a VACUUM (ANALYZE) of ticketing's database; then ${count(LARGE_EVENT - bought)} more tickets bought the same way (the BFF, the links and the phones as before), another VACUUM (ANALYZE) (both so that autovacuum does not start on the new rows during a measured phase), ${WARMUP_SCANS} warm-up scans, and the same two at ${count(LARGE_EVENT)}, each a ticket of the new lot.`,
      `(c) race: for each ticket ${RACE_SCANS_PER_DOOR * 2} scans, alternating two phones on two scan links, all sent together, each with its own nonce; every answer must be "valid" or "already_used", exactly one "valid" per ticket. Then read from ticketing's database: tickets with more than one check_in row at the event (must be 0), check-ins and checked-in access rows against the "valid" answers of the whole run.`,
      kit.note,
      `services: identity, catalog, ordering, payments (demo) and ticketing from testing/src/stack.ts (their production bundles, node --enable-source-maps dist/main.js with NODE_ENV=production; own databases, namespace and ports, LOG_LEVEL warn) and next start (LOG_LEVEL warn; identity and notifications at a closed port, the scan-link routes need neither), all on this machine with the load driver and PostgreSQL; ticketing's connection pool holds 10.`,
    );
  } finally {
    // On a failure too: where the CPU went up to it.
    if (meter && cpu.length > 0) console.error(meter.format(cpu));
    await cleanup.run();
  }

  console.log('Kassa scan benchmark (ratio = value / baseline; for latency, above 1 means slower)');
  console.log(formatTable(figures));
  for (const line of lines) console.log(line);
  if (meter && cpu.length > 0) console.log(meter.format(cpu));
  for (const note of notes) console.log(`- ${note}`);
  const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  console.log(
    `run time: ${seconds(serverReady, performance.now())} s measuring, after ${seconds(started, serverReady)} s starting the services, buying and issuing the tickets, waiting for the build lock, building if stale and starting next start`,
  );
  console.log(
    machineNote('BFF and service SDKs started without exporter (OTEL_EXPORTER_OTLP_ENDPOINT unset), nothing exported'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
