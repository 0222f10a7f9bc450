import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { status } from '@grpc/grpc-js';
import type { JetStreamClient } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { HealthClient } from '@kassa/proto/grpc/health/v1/health';
import { UserCreated } from '@kassa/proto/identity/events/v1/events';
import { NotificationsServiceClient, NotificationsServiceService } from '@kassa/proto/notifications/v1/notifications';
import type { Queue } from 'bullmq';
import { messages, ValidationError } from '../../src/errors';
import { createGrpcClient, createGrpcServer, GrpcCallError } from '../../src/grpc';
import { createQueue, enqueue, startWorker } from '../../src/jobs';
import { createLogger } from '../../src/logging';
import {
  connectNats,
  ensureStream,
  NATS_ADMIN_USER,
  type NatsHandles,
  PARKED_STREAM,
  parkedSubject,
  type RunningConsumer,
  startConsumer,
} from '../../src/messaging';
import { addToOutbox, startOutboxRelay, type OutboxRelay } from '../../src/outbox';
import { afterCommit, transactionalWithEffects } from '../../src/persistence';
import { renderPrometheusMetrics, startMetricsServer, startTelemetry, type Telemetry } from '../../src/telemetry';
import { assertInfrastructure, uniqueName } from '../../src/testing/database';
import { captureLogs } from '../../src/testing/log-capture';
import { migratedDatabase } from '../fixtures/migrated-database';
import { samplesOf, sampleValue } from '../../src/testing/metrics';
import { waitFor } from '../fixtures/wait-for';
import { testCallerKey, testCallerVerifiers } from '../../src/testing/caller-key';

jest.setTimeout(20_000);

const SERVICE = 'metrics-test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const scrape = () => renderPrometheusMetrics();

/** Scrapes until `probe` holds for the text; returns that text. */
const scrapeUntil = (what: string, probe: (text: string) => boolean) =>
  waitFor(what, async () => {
    const text = await scrape();
    return probe(text) ? text : undefined;
  });

async function unimplemented(): Promise<never> {
  throw Object.assign(new Error('Not implemented in this test'), {
    code: status.UNIMPLEMENTED,
    details: 'Not implemented',
  });
}

describe('platform metrics on the Prometheus endpoint', () => {
  const logs = captureLogs();
  const logger = createLogger({ service: SERVICE, level: 'debug', destination: logs.stream });
  let telemetry: Telemetry;
  let db: Awaited<ReturnType<typeof migratedDatabase>>;
  let nats: NatsHandles;
  const token = uniqueName('mtr');
  const stream = `TEST_METRICS_${token}`;
  const prefix = `test.${token}`;
  const relays: OutboxRelay[] = [];
  const consumers: RunningConsumer[] = [];
  const durables: string[] = [];

  beforeAll(async () => {
    await assertInfrastructure();
    telemetry = startTelemetry({ serviceName: SERVICE, env: {} });
    db = await migratedDatabase('metrics', logger);
    nats = await connectNats({ url: 'nats://127.0.0.1:4222', name: 'metrics-test', user: NATS_ADMIN_USER, logger });
    await ensureStream(nats.jsm, { name: stream, subjects: [`${prefix}.>`] });
  });

  afterAll(async () => {
    await Promise.all([...relays.map((relay) => relay.stop()), ...consumers.map((consumer) => consumer.stop())]);
    for (const durable of durables)
      await nats?.jsm.streams.purge(PARKED_STREAM, { filter: parkedSubject(durable) }).catch(() => undefined);
    await nats?.jsm.streams.delete(stream).catch(() => undefined);
    await nats?.close();
    await db?.drop();
    await telemetry?.shutdown();
  });

  it('counts gRPC calls and their durations by method and status code, health checks left out', async () => {
    const server = createGrpcServer({
      logger,
      port: 0,
      host: '127.0.0.1',
      callerVerifiers: testCallerVerifiers('notifications'),
    });
    server.add(NotificationsServiceService, {
      async listMessages(request) {
        if (request.subjectRef === 'bad')
          throw new ValidationError([{ field: 'subjectRef', message: messages.idInvalid }]);
        return { messages: [] };
      },
      listOrderMessages: unimplemented,
      resendOrderConfirmation: unimplemented,
      handleDeliveryEvent: unimplemented,
    });
    const address = `127.0.0.1:${await server.start()}`;
    const client = createGrpcClient(NotificationsServiceClient, address, { callerKey: testCallerKey });
    const health = createGrpcClient(HealthClient, address, { callerKey: testCallerKey });
    try {
      await client.listMessages({ subjectRef: 'ord_1' });
      await client.listMessages({ subjectRef: 'ord_2' });
      await expect(client.listMessages({ subjectRef: 'bad' })).rejects.toBeInstanceOf(GrpcCallError);
      await health.check({ service: '' });
    } finally {
      client.close();
      health.close();
      await server.shutdown(1_000);
    }

    const text = await scrape();
    const rpc_method = '/kassa.notifications.v1.NotificationsService/ListMessages';
    expect(text).toContain(
      `kassa_rpc_server_requests_total{rpc_method="${rpc_method}",rpc_code="INVALID_ARGUMENT",otel_scope_name="kassa",service_name="${SERVICE}"} 1\n`,
    );
    expect(sampleValue(text, 'kassa_rpc_server_requests_total', { rpc_method, rpc_code: 'OK' })).toBe(2);
    expect(sampleValue(text, 'kassa_rpc_server_duration_seconds_count', { rpc_method, rpc_code: 'OK' })).toBe(2);
    expect(
      sampleValue(text, 'kassa_rpc_server_duration_seconds_bucket', {
        rpc_method,
        rpc_code: 'INVALID_ARGUMENT',
        le: '+Inf',
      }),
    ).toBe(1);
    expect(samplesOf(text, 'kassa_rpc_server_requests_total').map((sample) => sample.labels.rpc_method)).toEqual([
      rpc_method,
      rpc_method,
    ]);
  });

  describe('outbox', () => {
    const subject = `${prefix}.user.created`;
    const write = (count: number) =>
      db.orm.em.fork().transactional(async (em) => {
        for (let index = 0; index < count; index++) {
          addToOutbox(em, {
            subject,
            type: UserCreated,
            message: UserCreated.fromPartial({ userId: `usr_${index}` }),
            key: `usr_${index}`,
          });
        }
      });
    const relay = (options: Partial<Parameters<typeof startOutboxRelay>[0]> = {}) => {
      const started = startOutboxRelay({ orm: db.orm, js: nats.js, logger, background: false, ...options });
      relays.push(started);
      return started;
    };

    it('reports the unpublished backlog and its age (N → 0) and counts publishes by canonical subject', async () => {
      const relayOne = relay();
      const empty = await scrape();
      expect(sampleValue(empty, 'kassa_outbox_unpublished', { service_name: SERVICE })).toBe(0);
      expect(sampleValue(empty, 'kassa_outbox_oldest_unpublished_age_seconds')).toBe(0);

      await write(3);
      const backlog = await scrape();
      expect(sampleValue(backlog, 'kassa_outbox_unpublished')).toBe(3);
      const age = sampleValue(backlog, 'kassa_outbox_oldest_unpublished_age_seconds')!;
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(10);

      expect(await relayOne.runOnce()).toBe(3);
      const drained = await scrape();
      expect(sampleValue(drained, 'kassa_outbox_unpublished')).toBe(0);
      expect(sampleValue(drained, 'kassa_outbox_oldest_unpublished_age_seconds')).toBe(0);
      expect(drained).toContain(
        `kassa_outbox_published_total{subject="${subject}",otel_scope_name="kassa",service_name="${SERVICE}"} 3\n`,
      );
      // Exported from the relay's start at 0, so the first failure is an increase.
      expect(sampleValue(drained, 'kassa_outbox_publish_failures_total')).toBe(0);
    });

    it('counts failed publishes, and a backlog query that fails leaves the gauges out without breaking the scrape', async () => {
      const unreachable = {
        ...nats.js,
        publish: async () => Promise.reject(new Error('no responders')),
      } as unknown as JetStreamClient;
      const failing = relay({ js: unreachable, baseBackoffMs: 60_000 });
      await write(1);
      expect(await failing.runOnce()).toBe(0);
      const text = await scrape();
      expect(sampleValue(text, 'kassa_outbox_publish_failures_total')).toBe(1);
      expect(sampleValue(text, 'kassa_outbox_unpublished')).toBe(1);
      await failing.stop();
      await relays[0]!.stop();

      // The only relay left reads a database that is gone.
      const closedOrm = await db.open();
      const broken = relay({ orm: closedOrm });
      await closedOrm.close(true);
      const withoutBacklog = await scrape();
      await scrape();
      expect(withoutBacklog).not.toContain('kassa_outbox_unpublished');
      expect(sampleValue(withoutBacklog, 'kassa_outbox_publish_failures_total')).toBe(1);
      const warnings = logs.lines.filter(
        (line) => line.msg === 'could not read the outbox backlog for metrics' && line.level === 'warn',
      );
      expect(warnings).toHaveLength(1);
      await broken.stop();
    });
  });

  it('runs effects registered with afterCommit only when the transaction commits (real PostgreSQL)', async () => {
    const effects: string[] = [];
    const inboxRows = async (id: string) =>
      (await db.orm.em.getKnex()('inbox').where({ consumer: 'after-commit-test', message_id: id })).length;
    const insertInbox = (em: Parameters<typeof afterCommit>[0], id: string) =>
      em.execute(
        "insert into inbox (consumer, message_id, processed_at) values ('after-commit-test', ?, now())",
        [id],
        'run',
      );

    await transactionalWithEffects(db.orm.em.fork(), async (em) => {
      await insertInbox(em, 'committed');
      afterCommit(em, () => effects.push('committed'));
    });
    await expect(
      transactionalWithEffects(db.orm.em.fork(), async (em) => {
        await insertInbox(em, 'rolled-back');
        afterCommit(em, () => effects.push('rolled back'));
        throw new Error('handler failed after writing');
      }),
    ).rejects.toThrow('handler failed after writing');

    expect(effects).toEqual(['committed']);
    expect(await inboxRows('committed')).toBe(1);
    expect(await inboxRows('rolled-back')).toBe(0);
  });

  describe('consumer', () => {
    const publish = (subject: string, id: string) =>
      nats.js.publish(subject, new TextEncoder().encode(id), { msgID: id, headers: natsHeaders() });

    it('counts deliveries by outcome and times them, and runs handlers’ afterCommit effects only for commits', async () => {
      const durable = uniqueName('mtr_cns');
      durables.push(durable);
      await db.orm.em.getKnex()('inbox').insert({ consumer: durable, message_id: 'msg_seen' });
      const committed: string[] = [];
      consumers.push(
        await startConsumer({
          orm: db.orm,
          js: nats.js,
          jsm: nats.jsm,
          logger,
          stream,
          durable,
          filterSubjects: `${prefix}.cns.>`,
          maxDeliver: 2,
          retryBackoffMs: 20,
          maxRetryBackoffMs: 50,
          async handle(message, em) {
            afterCommit(em, () => committed.push(`${message.id}#${message.deliveryCount}`));
            if (message.id === 'msg_flaky' && message.deliveryCount === 1) throw new Error('first delivery fails');
            if (message.id === 'msg_poison') throw new Error('always fails');
          },
        }),
      );
      for (const id of ['msg_ok', 'msg_seen', 'msg_flaky', 'msg_poison']) await publish(`${prefix}.cns.thing`, id);

      const outcome = (text: string, name: string) =>
        sampleValue(text, 'kassa_consumer_messages_total', { consumer: durable, outcome: name });
      const text = await scrapeUntil(
        'every delivery settled',
        (current) => outcome(current, 'parked') === 1 && outcome(current, 'handled') === 2,
      );
      expect(text).toContain(
        `kassa_consumer_messages_total{consumer="${durable}",outcome="duplicate",otel_scope_name="kassa",service_name="${SERVICE}"} 1\n`,
      );
      expect(outcome(text, 'failed')).toBe(2); // msg_flaky's first delivery, msg_poison's first
      // Every delivery but none ran its transaction: ok, seen, flaky twice, poison twice.
      expect(sampleValue(text, 'kassa_consumer_handle_duration_seconds_count', { consumer: durable })).toBe(6);
      expect(committed.sort()).toEqual(['msg_flaky#2', 'msg_ok#1']);

      const settled = await scrapeUntil(
        'nothing pending',
        (current) => sampleValue(current, 'kassa_consumer_ack_pending', { consumer: durable }) === 0,
      );
      expect(sampleValue(settled, 'kassa_consumer_pending', { consumer: durable })).toBe(0);
    });

    it('reports pending and ack-pending per durable consumer on the server while running, and nothing once stopped', async () => {
      const durable = uniqueName('mtr_blk');
      durables.push(durable);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const consumer = await startConsumer({
        orm: db.orm,
        js: nats.js,
        jsm: nats.jsm,
        logger,
        stream,
        durable,
        filterSubjects: [`${prefix}.blk.a`, `${prefix}.blk.b`],
        pullBatch: 1,
        handle: () => gate,
      });
      consumers.push(consumer);
      // Several filter subjects: one consumer each on the server, named after its subject.
      const slug = `${durable}_${prefix.replace(/\./g, '_')}_blk`;
      const [onA, onB] = [`${slug}_a`, `${slug}_b`];
      for (const id of ['blk_1', 'blk_2', 'blk_3']) await publish(`${prefix}.blk.a`, id);

      const gauges = (text: string, consumerName: string) => ({
        pending: sampleValue(text, 'kassa_consumer_pending', { consumer: consumerName }),
        ackPending: sampleValue(text, 'kassa_consumer_ack_pending', { consumer: consumerName }),
      });
      // The handler holds the first message; a scrape between two equal answers of the server shows those numbers.
      const blocked = await waitFor('a steady backlog while the handler is blocked', async () => {
        const before = await nats.jsm.consumers.info(stream, onA);
        const text = await scrape();
        const after = await nats.jsm.consumers.info(stream, onA);
        const steady =
          after.num_ack_pending >= 1 &&
          before.num_pending === after.num_pending &&
          before.num_ack_pending === after.num_ack_pending;
        return steady ? { text, info: after } : undefined;
      });
      expect(blocked.info.num_pending + blocked.info.num_ack_pending).toBe(3);
      expect(gauges(blocked.text, onA)).toEqual({
        pending: blocked.info.num_pending,
        ackPending: blocked.info.num_ack_pending,
      });
      expect(gauges(blocked.text, onB)).toEqual({ pending: 0, ackPending: 0 });

      release();
      await scrapeUntil(
        'the backlog drained',
        (text) => gauges(text, onA).pending === 0 && gauges(text, onA).ackPending === 0,
      );
      await consumer.stop();
      consumers.splice(consumers.indexOf(consumer), 1);
      const stopped = await scrape();
      expect(gauges(stopped, onA)).toEqual({ pending: undefined, ackPending: undefined });
      expect(sampleValue(stopped, 'kassa_consumer_messages_total', { consumer: onA, outcome: 'handled' })).toBe(3);
    });
  });

  it('reports a BullMQ queue’s depth by state while it is open, and counts processed jobs by outcome', async () => {
    const name = uniqueName('mtr_jobs');
    const queue: Queue = createQueue(name, { redisUrl });
    let worker: ReturnType<typeof startWorker> | undefined;
    try {
      await enqueue(queue, 'later', {}, { delayMs: 60_000 });
      await enqueue(queue, 'later', {}, { delayMs: 60_000 });
      await enqueue(queue, 'ok', {});
      await enqueue(queue, 'bad', {}, { attempts: 1 });
      const depth = (text: string, state: string) => sampleValue(text, 'kassa_jobs_queued', { queue: name, state });
      const before = await scrape();
      expect(before).toContain(
        `kassa_jobs_queued{queue="${name}",state="waiting",otel_scope_name="kassa",service_name="${SERVICE}"} 2\n`,
      );
      expect([depth(before, 'delayed'), depth(before, 'active'), depth(before, 'failed')]).toEqual([2, 0, 0]);

      worker = startWorker(
        name,
        async (job) => {
          if (job.name === 'bad') throw new Error('bad job');
        },
        { redisUrl, logger },
      );
      const processed = (text: string, outcome: string) =>
        sampleValue(text, 'kassa_jobs_processed_total', { queue: name, outcome });
      // A scrape reads the depth from Redis before the counters: wait for both to have caught up.
      const after = await scrapeUntil(
        'both jobs processed',
        (text) => processed(text, 'completed') === 1 && depth(text, 'active') === 0 && depth(text, 'failed') === 1,
      );
      expect(processed(after, 'failed')).toBe(1);
      expect([depth(after, 'waiting'), depth(after, 'delayed')]).toEqual([0, 2]);
    } finally {
      await worker?.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
    expect(samplesOf(await scrape(), 'kassa_jobs_queued', { queue: name })).toEqual([]);
  });

  it('serves the metrics on their own port (GET /metrics and /healthz only), and a port taken is a warning', async () => {
    const warnings: { fields: object; message: string }[] = [];
    const quiet = {
      info: () => undefined,
      warn: (fields: object, message: string) => warnings.push({ fields, message }),
    };
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1', logger: quiet });
    try {
      const base = `http://127.0.0.1:${server!.port}`;
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toContain('text/plain');
      expect(sampleValue(await metrics.text(), 'kassa_outbox_publish_failures_total', { service_name: SERVICE })).toBe(
        1,
      );
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
      expect((await fetch(`${base}/orders`)).status).toBe(404);

      expect(await startMetricsServer({ port: server!.port, host: '127.0.0.1', logger: quiet })).toBeUndefined();
      expect(warnings).toEqual([
        {
          fields: expect.objectContaining({ code: 'EADDRINUSE', port: server!.port }),
          message: 'metrics server not started',
        },
      ]);
    } finally {
      await server?.close();
    }
  });
});

describe('HTTP server metrics of the http instrumentation (child process under tsx, as the BFF loads)', () => {
  let child: ChildProcessWithoutNullStreams | undefined;

  afterAll(() => {
    if (child && child.exitCode === null) child.kill();
  });

  it('records http.server.request.duration as http_server_request_duration_seconds, without server spans, scrapes and probes left out', async () => {
    const root = path.resolve(__dirname, '../../../..');
    child = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(__dirname, '../fixtures/http-metrics/main.ts')],
      {
        cwd: root,
        env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '' },
      },
    );
    const stderr: string[] = [];
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const nextLine = async () => {
      const { value, done } = await lines.next();
      if (done) throw new Error(`fixture ended: ${stderr.join('')}`);
      return JSON.parse(value as string) as Record<string, unknown>;
    };
    const { appPort, metricsPort } = (await nextLine()) as { appPort: number; metricsPort: number };

    const get = (url: string) =>
      fetch(url).then(async (response) => ({ status: response.status, text: await response.text() }));
    await get(`http://127.0.0.1:${appPort}/hello`);
    await get(`http://127.0.0.1:${appPort}/hello`);
    await get(`http://127.0.0.1:${appPort}/missing`);
    await get(`http://127.0.0.1:${metricsPort}/healthz`);
    await get(`http://127.0.0.1:${metricsPort}/metrics`);
    const { text } = await get(`http://127.0.0.1:${metricsPort}/metrics`);
    child.stdin.end();
    const { spanKinds } = (await nextLine()) as { spanKinds: number[] };

    const count = (labels: Record<string, string>) =>
      sampleValue(text, 'http_server_request_duration_seconds_count', labels);
    expect(
      count({ http_request_method: 'GET', http_response_status_code: '200', service_name: 'http-metrics-fixture' }),
    ).toBe(2);
    expect(count({ http_request_method: 'GET', http_response_status_code: '404' })).toBe(1);
    // Only the app's three requests: the metrics server's own /healthz and /metrics are not measured.
    const all = samplesOf(text, 'http_server_request_duration_seconds_count').reduce(
      (sum, sample) => sum + sample.value,
      0,
    );
    expect(all).toBe(3);
    expect(text).toContain('# TYPE http_server_request_duration_seconds histogram');
    expect(spanKinds).not.toContain(1 /* SERVER */);
  });
});
