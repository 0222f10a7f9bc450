import type { JetStreamClient, PubAck, StoredMsg } from '@nats-io/jetstream';
import { SpanKind, trace } from '@opentelemetry/api';
import { UserCreated } from '@kassa/proto/identity/events/v1/events';
import pino from 'pino';
import { connectNats, ensureStream, NATS_ADMIN_USER, type NatsHandles } from '../../src/messaging';
import { addToOutbox, startOutboxRelay, type OutboxRelay } from '../../src/outbox';
import { assertInfrastructure, uniqueName } from '../../src/testing/database';
import { startInMemoryTracing } from '../fixtures/in-memory-tracing';
import { migratedDatabase } from '../fixtures/migrated-database';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

describe('outbox and relay', () => {
  let db: Awaited<ReturnType<typeof migratedDatabase>>;
  let nats: NatsHandles;
  let tracing: ReturnType<typeof startInMemoryTracing>;
  const token = uniqueName('obx');
  const stream = `TEST_OUTBOX_${token}`;
  const prefix = `test.${token}`;
  const extraStreams: string[] = [];
  const relays: OutboxRelay[] = [];

  /** Counts publishes and keeps every PubAck, to tell real publishes from duplicates. */
  function recordingJs(js: JetStreamClient) {
    const acks: PubAck[] = [];
    const publish = (async (...args: Parameters<JetStreamClient['publish']>) => {
      const ack = await js.publish(...args);
      acks.push(ack);
      return ack;
    }) as JetStreamClient['publish'];
    return {
      js: { ...js, publish } as JetStreamClient,
      acks,
      get calls() {
        return acks.length;
      },
    };
  }

  const relay = (options: Partial<Parameters<typeof startOutboxRelay>[0]> = {}) => {
    const started = startOutboxRelay({
      orm: db.orm,
      js: nats.js,
      logger,
      background: false,
      baseBackoffMs: 200,
      maxBackoffMs: 1000,
      ...options,
    });
    relays.push(started);
    return started;
  };

  async function write(count: number, subject = `${prefix}.user.created`): Promise<string[]> {
    return db.orm.em.fork().transactional(async (em) =>
      Array.from({ length: count }, (_, index) =>
        addToOutbox(em, {
          subject,
          type: UserCreated,
          message: UserCreated.fromPartial({ userId: `usr_${index}`, email: `u${index}@example.com` }),
          key: `usr_${index}`,
        }),
      ),
    );
  }

  async function streamMessages(name = stream): Promise<StoredMsg[]> {
    const info = await nats.jsm.streams.info(name);
    const messages: StoredMsg[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq += 1) {
      const message = await nats.jsm.streams.getMessage(name, { seq });
      if (message) messages.push(message);
    }
    return messages;
  }

  const messageIds = async () => (await streamMessages()).map((message) => message.header.get('Nats-Msg-Id'));
  interface Row {
    id: string;
    published_at: Date | null;
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date;
  }
  // MikroORM leaves timestamps to the driver as strings: read them back as dates.
  const rows = async (ids: string[]): Promise<Row[]> =>
    (await db.orm.em.getKnex()('outbox').whereIn('id', ids).orderBy('id')).map((row: Record<string, unknown>) => ({
      ...row,
      published_at: row.published_at === null ? null : new Date(row.published_at as string),
      next_attempt_at: new Date(row.next_attempt_at as string),
    })) as Row[];

  beforeAll(async () => {
    await assertInfrastructure();
    tracing = startInMemoryTracing();
    db = await migratedDatabase('outbox', logger);
    nats = await connectNats({ url: 'nats://127.0.0.1:4222', name: 'outbox-test', user: NATS_ADMIN_USER, logger });
    await ensureStream(nats.jsm, { name: stream, subjects: [`${prefix}.>`] });
  });

  afterEach(async () => {
    await Promise.all(relays.splice(0).map((each) => each.stop()));
    // Rows a test leaves backing off must not be published by the next test's relay.
    await db.orm.em.getKnex()('outbox').whereNull('published_at').delete();
  });

  afterAll(async () => {
    for (const name of [stream, ...extraStreams]) await nats?.jsm.streams.delete(name).catch(() => undefined);
    await nats?.close();
    await db?.drop();
    await tracing?.stop();
  });

  it('publishes the rows of a committed transaction exactly once, with Nats-Msg-Id = row id', async () => {
    const before = (await messageIds()).length;
    const ids = await write(3);
    const relayA = relay();

    expect(await relayA.runOnce()).toBe(3);
    expect(await relayA.runOnce()).toBe(0);

    const messages = (await streamMessages()).slice(before);
    expect(messages.map((message) => message.header.get('Nats-Msg-Id'))).toEqual(ids);
    expect(UserCreated.decode(messages[1]!.data)).toMatchObject({ userId: 'usr_1', email: 'u1@example.com' });
    expect(messages[1]!.header.get('Kassa-Key')).toBe('usr_1');
    expect((await rows(ids)).every((row) => row.published_at instanceof Date && row.attempts === 0)).toBe(true);
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    let id = '';
    await expect(
      db.orm.em.fork().transactional(async (em) => {
        id = addToOutbox(em, {
          subject: `${prefix}.user.created`,
          type: UserCreated,
          message: UserCreated.fromPartial({ userId: 'usr_x' }),
        });
        await em.flush();
        throw new Error('checkout failed');
      }),
    ).rejects.toThrow('checkout failed');

    expect(await relay().runOnce()).toBe(0);
    expect(await rows([id])).toEqual([]);
    expect(await messageIds()).not.toContain(id);
  });

  it('lets two concurrent relays split the rows: each row is published once', async () => {
    const ids = await write(120);
    const secondOrm = await db.open();
    const recorderA = recordingJs(nats.js);
    const recorderB = recordingJs(nats.js);
    const relayA = relay({ js: recorderA.js, batchSize: 10 });
    const relayB = relay({ orm: secondOrm, js: recorderB.js, batchSize: 10 });
    const drain = async (each: OutboxRelay) => {
      let total = 0;
      for (;;) {
        const published = await each.runOnce();
        if (published === 0) return total;
        total += published;
      }
    };

    const [byA, byB] = await Promise.all([drain(relayA), drain(relayB)]);

    expect(byA + byB).toBe(120);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    // A second publish of a row would show up as an extra publish call (JetStream would hide it as a duplicate).
    expect(recorderA.calls + recorderB.calls).toBe(120);
    expect([...recorderA.acks, ...recorderB.acks].some((ack) => ack.duplicate)).toBe(false);
    const published = (await messageIds()).filter((id) => ids.includes(id));
    expect(new Set(published).size).toBe(120);
    expect(published).toHaveLength(120);
  });

  it('control: two relays that claim rows without locking them publish rows twice', async () => {
    const ids = await write(120);
    const secondOrm = await db.open();
    const recorderA = recordingJs(nats.js);
    const recorderB = recordingJs(nats.js);
    const relayA = relay({ js: recorderA.js, batchSize: 10, unsafeUnlockedClaim: true });
    const relayB = relay({ orm: secondOrm, js: recorderB.js, batchSize: 10, unsafeUnlockedClaim: true });
    const drain = async (each: OutboxRelay) => {
      while ((await each.runOnce()) > 0);
    };

    await Promise.all([drain(relayA), drain(relayB)]);

    // Counted as in the main test: publish calls beyond one per row are rows published twice.
    const twice = recorderA.calls + recorderB.calls - 120;
    console.info(`two relays without the row lock: ${twice} of 120 rows published twice`);
    expect(twice).toBeGreaterThan(0);
    // JetStream's duplicate window hid them from the stream: what the relays' guard does not have to rely on.
    expect(new Set((await messageIds()).filter((id) => ids.includes(id))).size).toBe(120);
  });

  it('backs a failed row off and retries it later, without holding up the other rows', async () => {
    const orphanPrefix = `orphan.${token}`;
    const [failing] = await write(1, `${orphanPrefix}.thing.created`);
    const [fine] = await write(1);
    const relayA = relay();

    expect(await relayA.runOnce()).toBe(1); // the row whose subject has a stream
    const [afterFailure] = await rows([failing!]);
    expect(afterFailure).toMatchObject({ published_at: null, attempts: 1 });
    expect(afterFailure!.last_error).toEqual(expect.any(String));
    expect((await rows([fine!]))[0]!.published_at).toBeInstanceOf(Date);

    expect(await relayA.runOnce()).toBe(0); // not due yet: backing off
    expect((await rows([failing!]))[0]!.attempts).toBe(1);

    // The stream appears (an operator fixes the cause); once due, the row goes out.
    const orphanStream = `TEST_ORPHAN_${token}`;
    extraStreams.push(orphanStream);
    await ensureStream(nats.jsm, { name: orphanStream, subjects: [`${orphanPrefix}.>`] });
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, afterFailure!.next_attempt_at.getTime() - Date.now()) + 50),
    );
    expect(await relayA.runOnce()).toBe(1);
    const [recovered] = await rows([failing!]);
    expect(recovered!.published_at).toBeInstanceOf(Date);
    expect((await streamMessages(orphanStream)).map((message) => message.header.get('Nats-Msg-Id'))).toEqual([failing]);
  });

  it('records a closed connection as a failed attempt', async () => {
    const closed = await connectNats({
      url: 'nats://127.0.0.1:4222',
      name: 'outbox-test-closed',
      user: NATS_ADMIN_USER,
      logger,
    });
    await closed.close();
    const [id] = await write(1);

    expect(await relay({ js: closed.js }).runOnce()).toBe(0);
    expect((await rows([id!]))[0]).toMatchObject({ published_at: null, attempts: 1 });
  });

  it('lets JetStream drop a re-publish after a crash between publish and mark (duplicate window)', async () => {
    const [id] = await write(1);
    const recorder = recordingJs(nats.js);
    const relayA = relay({ js: recorder.js });
    expect(await relayA.runOnce()).toBe(1);
    const countAfterFirst = (await messageIds()).length;

    await db.orm.em.getKnex()('outbox').where({ id }).update({ published_at: null });
    expect(await relayA.runOnce()).toBe(1);

    expect(recorder.acks.map((ack) => ack.duplicate)).toEqual([false, true]);
    expect((await messageIds()).length).toBe(countAfterFirst);
    expect((await messageIds()).filter((each) => each === id)).toHaveLength(1);
  });

  it('carries the writer trace context to the message, under a PRODUCER span in the same trace', async () => {
    const tracer = trace.getTracer('test');
    let traceId = '';
    let checkoutSpanId = '';
    const [id] = await tracer.startActiveSpan('checkout', async (span) => {
      traceId = span.spanContext().traceId;
      checkoutSpanId = span.spanContext().spanId;
      try {
        return await write(1);
      } finally {
        span.end();
      }
    });
    expect(await relay().runOnce()).toBe(1);

    const message = (await streamMessages()).find((each) => each.header.get('Nats-Msg-Id') === id)!;
    const [, messageTraceId, messageParentId] = message.header.get('traceparent').split('-');
    expect(messageTraceId).toBe(traceId);
    const producer = tracing.exporter
      .getFinishedSpans()
      .find((span) => span.attributes['messaging.message.id'] === id)!;
    expect(producer.kind).toBe(SpanKind.PRODUCER);
    expect(producer.spanContext().traceId).toBe(traceId);
    expect(producer.parentSpanContext?.spanId).toBe(checkoutSpanId);
    expect(messageParentId).toBe(producer.spanContext().spanId);
  });

  it('wakes on pg_notify after a commit without waiting for the poll', async () => {
    relay({ background: true, pollIntervalMs: 60_000 });
    // Wait for the relay's LISTEN connection, so the commit below is the only thing that can wake it.
    const knex = db.orm.em.getKnex();
    const listenDeadline = Date.now() + 20_000;
    for (;;) {
      const { rows: listening } = await knex.raw<{ rows: unknown[] }>(
        "select 1 from pg_stat_activity where datname = current_database() and query = 'LISTEN kassa_outbox'",
      );
      if (listening.length > 0) break;
      if (Date.now() > listenDeadline) throw new Error('the relay never LISTENed on kassa_outbox');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // the start-up run is over
    const [id] = await write(1);

    // Far below the 60 s poll: only the notification can have woken the relay this soon.
    const deadline = Date.now() + 10_000;
    while (!(await messageIds()).includes(id!) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await messageIds()).toContain(id);
    expect((await rows([id!]))[0]!.published_at).toBeInstanceOf(Date);
  });

  it('prunes rows published more than 7 days ago', async () => {
    const [old, recent, unpublished] = await write(3, `${prefix}.prune.test`);
    const knex = db.orm.em.getKnex();
    await knex('outbox')
      .where({ id: old })
      .update({ published_at: knex.raw("now() - interval '8 days'") });
    await knex('outbox')
      .where({ id: recent })
      .update({ published_at: knex.raw("now() - interval '6 days'") });

    expect(await relay().prune()).toBe(1);
    expect((await rows([old!, recent!, unpublished!])).map((row) => row.id)).toEqual([recent, unpublished]);
  });
});
