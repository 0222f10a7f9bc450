import { Migration } from '@mikro-orm/migrations';
import type { StoredMsg } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import pino from 'pino';
import {
  connectNats,
  ensureStream,
  EVENT_RETENTION_MS,
  type InboundMessage,
  NATS_ADMIN_USER,
  type NatsHandles,
  PARKED_STREAM,
  parkedSubject,
  type RunningConsumer,
  startConsumer,
  type StartConsumerOptions,
} from '../../src/messaging';
import { assertInfrastructure, uniqueName } from '../../src/testing/database';
import { startInMemoryTracing } from '../fixtures/in-memory-tracing';
import { migratedDatabase } from '../fixtures/migrated-database';
import { sleep, waitFor } from '../fixtures/wait-for';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

class Migration20990101000000TestEffects extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table effect (message_id text not null, note text not null)');
  }
}

jest.setTimeout(15_000);

const DAY_MS = 24 * 60 * 60 * 1000;

describe('inbox-guarded consumer', () => {
  let db: Awaited<ReturnType<typeof migratedDatabase>>;
  let nats: NatsHandles;
  let tracing: ReturnType<typeof startInMemoryTracing>;
  const token = uniqueName('cns');
  const stream = `TEST_CONSUMER_${token}`;
  const prefix = `test.${token}`;
  const consumers: RunningConsumer[] = [];
  const durables: string[] = [];

  const start = async (
    durable: string,
    filterSubjects: string | string[],
    handle: StartConsumerOptions['handle'],
    options: Partial<StartConsumerOptions> = {},
  ) => {
    durables.push(durable);
    const consumer = await startConsumer({
      orm: db.orm,
      js: nats.js,
      jsm: nats.jsm,
      logger,
      stream,
      durable,
      filterSubjects,
      handle,
      ackWaitMs: 2_000,
      retryBackoffMs: 50,
      maxRetryBackoffMs: 200,
      ...options,
    });
    consumers.push(consumer);
    return consumer;
  };

  const publish = (subject: string, id: string, body = id, extraHeaders: Record<string, string> = {}) => {
    const hdrs = natsHeaders();
    for (const [key, value] of Object.entries(extraHeaders)) hdrs.set(key, value);
    return nats.js.publish(subject, new TextEncoder().encode(body), { msgID: id, headers: hdrs });
  };

  const inboxIds = async (durable: string) =>
    (
      (await db.orm.em.getKnex()('inbox').where({ consumer: durable }).orderBy('message_id')) as {
        message_id: string;
      }[]
    ).map((row) => row.message_id);

  const pending = async (durable: string) => {
    const info = await nats.jsm.consumers.info(stream, durable);
    return { ackPending: info.num_ack_pending, unprocessed: info.num_pending };
  };

  beforeAll(async () => {
    await assertInfrastructure();
    tracing = startInMemoryTracing();
    db = await migratedDatabase('consumer', logger, [
      { name: 'Migration20990101000000TestEffects', class: Migration20990101000000TestEffects },
    ]);
    nats = await connectNats({ url: 'nats://127.0.0.1:4222', name: 'consumer-test', user: NATS_ADMIN_USER, logger });
    await ensureStream(nats.jsm, { name: stream, subjects: [`${prefix}.>`] });
  });

  afterAll(async () => {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    for (const durable of durables)
      await nats?.jsm.streams.purge(PARKED_STREAM, { filter: parkedSubject(durable) }).catch(() => undefined);
    await nats?.jsm.streams.delete(stream).catch(() => undefined);
    await nats?.close();
    await db?.drop();
    await tracing?.stop();
  });

  it('ensureStream creates a file stream with a 2 minute duplicate window, and updates it idempotently', async () => {
    const name = `TEST_ENSURE_${token}`;
    try {
      await ensureStream(nats.jsm, { name, subjects: [`${prefix}-ensure.a.>`] });
      await ensureStream(nats.jsm, { name, subjects: [`${prefix}-ensure.a.>`] });
      await ensureStream(nats.jsm, { name, subjects: [`${prefix}-ensure.a.>`, `${prefix}-ensure.b.>`] });
      const { config } = await nats.jsm.streams.info(name);
      expect(config.storage).toBe('file');
      expect(config.duplicate_window).toBe(120 * 1e9);
      expect(config.subjects).toEqual([`${prefix}-ensure.a.>`, `${prefix}-ensure.b.>`]);
      // A retention: 30 days unless the owner says otherwise, and a changed one is applied to the existing stream.
      expect(config.max_age).toBe(EVENT_RETENTION_MS * 1e6);
      await ensureStream(nats.jsm, {
        name,
        subjects: [`${prefix}-ensure.a.>`, `${prefix}-ensure.b.>`],
        maxAgeMs: 400 * DAY_MS,
      });
      expect((await nats.jsm.streams.info(name)).config.max_age).toBe(400 * DAY_MS * 1e6);
    } finally {
      await nats.jsm.streams.delete(name);
    }
  });

  it('prunes the inbox rows its stream can no longer redeliver (older than its max age and a day), and keeps the rest', async () => {
    const durable = `prune-${token}`;
    const consumer = await start(durable, `${prefix}.prune.>`, async () => undefined, { inboxPruneIntervalMs: 0 });
    const knex = db.orm.em.getKnex();
    const row = (consumerName: string, id: string, ageDays: number) => ({
      consumer: consumerName,
      message_id: id,
      processed_at: new Date(Date.now() - ageDays * DAY_MS),
    });
    // The stream keeps 30 days: a row of 32 days cannot be redelivered any more, one of 30.5 days (inside the margin) could.
    await knex('inbox').insert([
      row(durable, 'old-1', 32),
      row(durable, 'old-2', 400),
      row(durable, 'margin', 30.5),
      row(durable, 'new', 1),
    ]);
    await knex('inbox').insert(row(`other-${token}`, 'old-other', 400));

    expect(await consumer.pruneInbox()).toBe(2);
    expect(await inboxIds(durable)).toEqual(['margin', 'new']);
    // Another consumer's rows are its own to prune.
    expect(await inboxIds(`other-${token}`)).toEqual(['old-other']);
  });

  it('handles a message once when it is delivered twice (two overlapping filter subjects)', async () => {
    const durable = uniqueName('dup');
    const handled: InboundMessage[] = [];
    // Two consumers on the server (NATS 2.9 has one filter per consumer), both see the message; one inbox.
    await start(durable, [`${prefix}.dup.>`, `${prefix}.dup.order.paid`], async (message) => {
      handled.push(message);
    });
    await publish(`${prefix}.dup.order.paid`, 'obx_dup_1');

    const slug = `${durable}_${prefix.replace(/\./g, '_')}_dup`;
    await waitFor('both deliveries acknowledged', async () => {
      const infos = await Promise.all(
        [`${slug}_all`, `${slug}_order_paid`].map((name) => nats.jsm.consumers.info(stream, name)),
      );
      return infos.every((info) => info.delivered.consumer_seq === 1 && info.ack_floor.consumer_seq === 1)
        ? true
        : undefined;
    });
    expect(handled.map((message) => message.id)).toEqual(['obx_dup_1']);
    expect(new TextDecoder().decode(handled[0]!.data)).toBe('obx_dup_1');
    expect(await inboxIds(durable)).toEqual(['obx_dup_1']);
  });

  it('acknowledges without handling a message already in the inbox', async () => {
    const durable = uniqueName('seen');
    await db.orm.em.getKnex()('inbox').insert({ consumer: durable, message_id: 'obx_seen_1' });
    const handled: string[] = [];
    await start(durable, `${prefix}.seen.>`, async (message) => {
      handled.push(message.id);
    });
    await publish(`${prefix}.seen.thing`, 'obx_seen_1');
    await publish(`${prefix}.seen.thing`, 'obx_seen_2');

    await waitFor('second message handled', async () => (handled.includes('obx_seen_2') ? true : undefined));
    await waitFor('everything acknowledged', async () => {
      const state = await pending(durable);
      return state.ackPending === 0 && state.unprocessed === 0 ? true : undefined;
    });
    expect(handled).toEqual(['obx_seen_2']);
  });

  it('acknowledges a message it does not accept without handling it or recording it in the inbox', async () => {
    const durable = uniqueName('skip');
    const handled: string[] = [];
    await start(
      durable,
      `${prefix}.skip.>`,
      async (message) => {
        handled.push(message.id);
      },
      { accepts: (message) => new TextDecoder().decode(message.data).startsWith('ord_') },
    );
    await publish(`${prefix}.skip.thing`, 'obx_skip_1', 'sic_code');
    await publish(`${prefix}.skip.thing`, 'obx_skip_2', 'ord_order');
    await publish(`${prefix}.skip.thing`, 'obx_skip_3', 'inv_invitation');

    await waitFor('everything acknowledged', async () => {
      const state = await pending(durable);
      return state.ackPending === 0 && state.unprocessed === 0 && handled.length === 1 ? true : undefined;
    });
    expect(handled).toEqual(['obx_skip_2']);
    expect(await inboxIds(durable)).toEqual(['obx_skip_2']);
  });

  it('redelivers a failing message, then parks it on kassa.parked.<durable> after maxDeliver, with no inbox row', async () => {
    const durable = uniqueName('poison');
    const deliveries: number[] = [];
    await start(
      durable,
      `${prefix}.poison.>`,
      async (message) => {
        deliveries.push(message.deliveryCount);
        throw new Error('cannot handle\nthis one');
      },
      { maxDeliver: 3 },
    );
    await publish(`${prefix}.poison.thing`, 'obx_poison_1', 'poison body', { 'Kassa-Key': 'thing_1' });

    const parked = await waitFor<StoredMsg>('the parked copy', async () => {
      try {
        return (
          (await nats.jsm.streams.getMessage(PARKED_STREAM, { last_by_subj: parkedSubject(durable) })) ?? undefined
        );
      } catch {
        return undefined; // not parked yet
      }
    });
    expect(deliveries).toEqual([1, 2, 3]);
    expect(new TextDecoder().decode(parked.data)).toBe('poison body');
    expect(parked.header.get('Kassa-Parked-Error')).toBe('cannot handle this one');
    expect(parked.header.get('Kassa-Original-Subject')).toBe(`${prefix}.poison.thing`);
    expect(parked.header.get('Kassa-Original-Msg-Id')).toBe('obx_poison_1');
    expect(parked.header.get('Kassa-Delivery-Count')).toBe('3');
    expect(parked.header.get('Kassa-Key')).toBe('thing_1');
    expect(await inboxIds(durable)).toEqual([]);
    await waitFor('the message terminated', async () => ((await pending(durable)).ackPending === 0 ? true : undefined));
    await sleep(300); // longer than any retry backoff: no further delivery
    expect(deliveries).toEqual([1, 2, 3]);
  });

  it('commits the effect and the inbox row together: a throw after the effect leaves no effect', async () => {
    const durable = uniqueName('atomic');
    const deliveries: number[] = [];
    await start(durable, `${prefix}.atomic.>`, async (message, em) => {
      deliveries.push(message.deliveryCount);
      await em.execute('insert into effect (message_id, note) values (?, ?)', [
        message.id,
        `attempt ${message.deliveryCount}`,
      ]);
      if (message.deliveryCount === 1) throw new Error('failed after writing the effect');
    });
    await publish(`${prefix}.atomic.thing`, 'obx_atomic_1');

    await waitFor('the retry committed', async () => ((await inboxIds(durable)).length > 0 ? true : undefined));
    expect(deliveries).toEqual([1, 2]);
    expect(await db.orm.em.getKnex()('effect').where({ message_id: 'obx_atomic_1' }).select('note')).toEqual([
      { note: 'attempt 2' },
    ]);
    expect(await inboxIds(durable)).toEqual(['obx_atomic_1']);
  });

  it('runs handle in a CONSUMER span whose parent comes from the message headers', async () => {
    const durable = uniqueName('traced');
    const tracer = trace.getTracer('test');
    const carrier: Record<string, string> = {};
    let producerSpanId = '';
    let traceId = '';
    tracer.startActiveSpan('publish', { kind: SpanKind.PRODUCER }, (span) => {
      propagation.inject(context.active(), carrier);
      producerSpanId = span.spanContext().spanId;
      traceId = span.spanContext().traceId;
      span.end();
    });
    let activeTraceId = '';
    await start(durable, `${prefix}.traced.>`, async () => {
      activeTraceId = trace.getActiveSpan()?.spanContext().traceId ?? '';
    });
    await publish(`${prefix}.traced.thing`, 'obx_traced_1', 'x', carrier);

    const span = await waitFor('the consumer span', async () =>
      tracing.exporter.getFinishedSpans().find((each) => each.attributes['messaging.message.id'] === 'obx_traced_1'),
    );
    expect(span.kind).toBe(SpanKind.CONSUMER);
    expect(span.name).toBe(`${prefix}.traced.thing process`);
    expect(span.spanContext().traceId).toBe(traceId);
    expect(span.parentSpanContext?.spanId).toBe(producerSpanId);
    expect(activeTraceId).toBe(traceId);
  });

  it('stop() lets the message in flight finish and commit', async () => {
    const durable = uniqueName('drain');
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const consumer = await start(durable, `${prefix}.drain.>`, async () => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await publish(`${prefix}.drain.thing`, 'obx_drain_1');
    await inFlight;

    let stopped = false;
    const stopping = consumer.stop().then(() => (stopped = true));
    await sleep(100);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await inboxIds(durable)).toEqual(['obx_drain_1']);
    expect((await pending(durable)).ackPending).toBe(0);
  });
});
