import pino from 'pino';
import {
  connectNats,
  ensureStream,
  NATS_ADMIN_USER,
  type NatsHandles,
  type RunningConsumer,
  startConsumer,
  startConsumerWhenStreamExists,
  type StreamWaitingConsumer,
} from '../../src/messaging';
import { assertInfrastructure, uniqueName } from '../../src/testing/database';
import { captureLogs } from '../../src/testing/log-capture';
import { migratedDatabase } from '../fixtures/migrated-database';
import { sleep, waitFor } from '../fixtures/wait-for';

jest.setTimeout(15_000);

// A service reading another service's stream may start before that service has created it.
describe("startConsumerWhenStreamExists: a consumer of another service's stream", () => {
  const logs = captureLogs();
  const logger = pino({ level: 'debug' }, logs.stream);
  let db: Awaited<ReturnType<typeof migratedDatabase>>;
  let nats: NatsHandles;
  const token = uniqueName('sw');
  const streams: string[] = [];
  const waiting: StreamWaitingConsumer[] = [];

  /** A stream name nobody has created yet, under its own subjects; deleted after the tests. */
  const newStream = () => {
    const name = `TEST_WAIT_${token}_${streams.length}`;
    streams.push(name);
    return { name, subjects: [`test.${token}.s${streams.length}.>`], prefix: `test.${token}.s${streams.length}` };
  };

  const publish = (subject: string, id: string) =>
    nats.js.publish(subject, new TextEncoder().encode(id), { msgID: id });

  const inboxIds = async (durable: string) =>
    (
      (await db.orm.em.getKnex()('inbox').where({ consumer: durable }).orderBy('message_id')) as {
        message_id: string;
      }[]
    ).map((row) => row.message_id);

  beforeAll(async () => {
    await assertInfrastructure();
    db = await migratedDatabase('streamwait', logger);
    nats = await connectNats({
      url: 'nats://127.0.0.1:4222',
      name: 'stream-waiting-consumer-test',
      user: NATS_ADMIN_USER,
      logger,
    });
  });

  afterAll(async () => {
    await Promise.all(waiting.map((consumer) => consumer.stop()));
    for (const stream of streams) await nats?.jsm.streams.delete(stream).catch(() => undefined);
    await nats?.close();
    await db?.drop();
  });

  it('starts the inbox-guarded consumer once the owner creates the stream, and misses nothing published after that', async () => {
    const stream = newStream();
    const durable = uniqueName('late');
    const handled: string[] = [];
    const consumer = startConsumerWhenStreamExists({
      jsm: nats.jsm,
      stream: stream.name,
      logger,
      owner: 'the owner',
      retryMs: 100,
      start: () =>
        startConsumer({
          orm: db.orm,
          js: nats.js,
          jsm: nats.jsm,
          logger,
          stream: stream.name,
          durable,
          filterSubjects: `${stream.prefix}.>`,
          async handle(message) {
            handled.push(message.id);
          },
        }),
    });
    waiting.push(consumer);

    let started = false;
    void consumer.started.then(() => (started = true));
    await sleep(350); // a few looks
    expect(started).toBe(false);
    const told = logs.lines.filter((line) => line.stream === stream.name && line.level === 40);
    expect(told.map((line) => line.msg)).toEqual([
      "the owner's stream does not exist yet; waiting for the owner to create it",
    ]);

    // The owner starts: creates its stream and publishes at once, before the waiting consumer has looked again.
    await ensureStream(nats.jsm, { name: stream.name, subjects: stream.subjects });
    await publish(`${stream.prefix}.thing.created`, 'obx_wait_1');
    await consumer.started;
    await publish(`${stream.prefix}.thing.updated`, 'obx_wait_2');

    await waitFor('both messages handled', async () => (handled.length === 2 ? true : undefined));
    expect(handled).toEqual(['obx_wait_1', 'obx_wait_2']);
    expect(await inboxIds(durable)).toEqual(['obx_wait_1', 'obx_wait_2']);
  });

  it('stops cleanly while still waiting, without ever starting the consumer', async () => {
    const stream = newStream();
    const start = jest.fn(async (): Promise<RunningConsumer> => ({
      stop: async () => undefined,
      pruneInbox: async () => 0,
    }));
    const consumer = startConsumerWhenStreamExists({
      jsm: nats.jsm,
      stream: stream.name,
      logger,
      owner: 'the owner',
      retryMs: 60_000,
      start,
    });

    await sleep(100);
    const stoppedAt = Date.now();
    await consumer.stop();
    await consumer.started;
    // stop() wakes the wait instead of sitting out the minute until the next look.
    expect(Date.now() - stoppedAt).toBeLessThan(2_000);

    await ensureStream(nats.jsm, { name: stream.name, subjects: stream.subjects });
    await sleep(200);
    expect(start).not.toHaveBeenCalled();
  });

  it('tries again when starting fails, and stop() stops the consumer once it runs', async () => {
    const stream = newStream();
    await ensureStream(nats.jsm, { name: stream.name, subjects: stream.subjects });
    const stop = jest.fn(async () => undefined);
    let attempts = 0;
    const consumer = startConsumerWhenStreamExists({
      jsm: nats.jsm,
      stream: stream.name,
      logger,
      owner: 'the owner',
      retryMs: 50,
      start: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('server busy');
        return { stop, pruneInbox: async () => 0 };
      },
    });

    await consumer.started;
    expect(attempts).toBe(2);
    expect(
      logs.lines.some((line) => line.stream === stream.name && line.msg === 'consumer not started; will try again'),
    ).toBe(true);
    expect(stop).not.toHaveBeenCalled();
    await consumer.stop();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
