// Plumbing benchmark: what the platform's gRPC and outbox layers cost, each beside a bare baseline measured
// in the same run on the same machine. Loopback only; everything it creates is removed at the end.
// Tracing is off on purpose and said so: no OpenTelemetry SDK is started and nothing is exported.
delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;

import pino from 'pino';
import { createLogger } from '@kassa/platform/logging';
import { connectNats, ensureStream, NATS_ADMIN_USER } from '@kassa/platform/messaging';
import { createOrm, platformEntities, platformMigrations, runMigrations } from '@kassa/platform/persistence';
import { createTestDatabase, uniqueName } from '@kassa/platform/testing';
import { Cleanup } from '../lib/cleanup';
import type { LoadShape } from '../lib/closed-loop';
import { formatTable, machineNote, type Figure } from '../lib/report';
import { compareGrpcWithBaselines } from './grpc-vs-http';
import { compareRelayWithRawPublish } from './outbox-vs-jetstream';

const LOAD: LoadShape = { concurrency: 32, warmupMs: 1_000, rounds: 5, roundMs: 1_000 };
const OUTBOX = { events: 5_000, perTransaction: 100, batchSize: 100, rounds: 3 }; // batchSize: the relay's default
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const count = (value: number) => value.toLocaleString('en-US');

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  // Warnings and errors only, on stderr, so the report stays readable.
  const logger = createLogger({ service: 'bench-plumbing', level: 'warn', destination: pino.destination(2) });
  // At the services' level (info), so the benchmark pays for whatever the server logs per call; the lines go nowhere.
  const callLogger = createLogger({
    service: 'bench-plumbing',
    level: 'info',
    destination: pino.destination('/dev/null'),
  });
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    console.error(
      `gRPC vs fastify, then vs bare grpc-js: ${LOAD.concurrency} in flight, ${LOAD.warmupMs} ms warm-up, then ${LOAD.rounds} × ${LOAD.roundMs} ms each, interleaved...`,
    );
    const { vsHttp, vsBareGrpc } = await compareGrpcWithBaselines(LOAD, callLogger);
    const { grpc, http } = vsHttp;
    figures.push(
      { name: 'gRPC unary calls/s (vs fastify GET)', value: grpc.perSecond, baseline: http.perSecond, unit: '/s' },
      { name: 'gRPC p50 latency (vs fastify GET)', value: grpc.p50Ms, baseline: http.p50Ms, unit: 'ms' },
      { name: 'gRPC p99 latency (vs fastify GET)', value: grpc.p99Ms, baseline: http.p99Ms, unit: 'ms' },
      {
        name: 'CPU ms per call (vs fastify GET)',
        value: grpc.processCpuMsPerCall!,
        baseline: http.processCpuMsPerCall!,
        unit: 'ms',
      },
      {
        name: 'gRPC unary calls/s (vs bare grpc-js)',
        value: vsBareGrpc.grpc.perSecond,
        baseline: vsBareGrpc.bare.perSecond,
        unit: '/s',
      },
      {
        name: 'CPU ms per call (vs bare grpc-js)',
        value: vsBareGrpc.grpc.processCpuMsPerCall!,
        baseline: vsBareGrpc.bare.processCpuMsPerCall!,
        unit: 'ms',
      },
    );
    notes.push(
      `gRPC: NotificationsService.ListMessages via createGrpcServer + createGrpcClient, one HTTP/2 channel, caller credential signed and checked, the call log line at the services' level (info; a call answered OK is logged at debug); ${count(grpc.completed)} + ${count(vsBareGrpc.grpc.completed)} calls measured.`,
      `fastify: bare fastify 5 GET answering the same message as JSON (logger off), node:http keep-alive agent, ${LOAD.concurrency} sockets; ${count(http.completed)} calls measured.`,
      `bare grpc-js: the same service definition and ts-proto client on grpc-js alone (default options: no credential, deadline, log, metric or input check); ${count(vsBareGrpc.bare.completed)} calls measured.`,
      `both pairs: ${LOAD.concurrency} calls in flight, client and server in this process, ${LOAD.warmupMs} ms warm-up, ${LOAD.rounds} alternating rounds of ${LOAD.roundMs} ms. CPU ms per call: this process's user + system time over a side's rounds divided by its calls (client and server together).`,
    );

    console.error(`outbox relay vs raw JetStream: ${OUTBOX.rounds} rounds of ${count(OUTBOX.events)} events...`);
    const database = await createTestDatabase('bench_plumbing');
    cleanup.add(`drop database ${database.name}`, () => database.drop());
    await runMigrations({
      databaseUrl: database.url,
      entities: platformEntities,
      migrations: platformMigrations,
      logger,
    });
    const orm = await createOrm({ databaseUrl: database.url, entities: platformEntities, logger });
    cleanup.add('close ORM', () => orm.close(true));
    const nats = await connectNats({ url: NATS_URL, name: 'bench-plumbing', user: NATS_ADMIN_USER, logger });
    cleanup.add('close NATS', () => nats.close());
    const subjectPrefix = uniqueName('bench');
    const stream = `BENCH_PLUMBING_${subjectPrefix}`;
    await ensureStream(nats.jsm, { name: stream, subjects: [`${subjectPrefix}.>`] });
    cleanup.add(`delete stream ${stream}`, () => nats.jsm.streams.delete(stream));

    const outbox = await compareRelayWithRawPublish({ orm, js: nats.js, logger, subjectPrefix, ...OUTBOX });
    const expected = 2 * OUTBOX.rounds * OUTBOX.events;
    const stored = (await nats.jsm.streams.info(stream)).state.messages;
    if (stored !== expected) throw new Error(`stream ${stream} holds ${stored} messages, expected ${expected}`);
    figures.push({
      name: 'outbox relayed events/s (vs raw JetStream)',
      value: outbox.relayed,
      baseline: outbox.raw,
      unit: '/s',
    });
    notes.push(
      `outbox: per round ${count(OUTBOX.events)} rows written with addToOutbox, ${OUTBOX.perTransaction} per transaction (${(outbox.writeMs / OUTBOX.rounds / 1000).toFixed(2)} s, not timed), then startOutboxRelay (batchSize ${OUTBOX.batchSize}) timed until every row has published_at.`,
      `raw JetStream: the same payloads, ${OUTBOX.batchSize} publishes in flight per batch (the relay's window), unique Nats-Msg-Id, each PubAck awaited; ${OUTBOX.rounds} alternating rounds, file-storage stream.`,
    );
  } finally {
    await cleanup.run();
  }

  console.log('Kassa plumbing benchmark (ratio = value / baseline; for latency, above 1 means slower)');
  console.log(formatTable(figures));
  for (const note of notes) console.log(`- ${note}`);
  console.log(machineNote('off (no OpenTelemetry SDK started, OTEL_EXPORTER_OTLP_ENDPOINT unset, no export)'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
