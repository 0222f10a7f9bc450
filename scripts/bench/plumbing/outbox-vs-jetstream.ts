import { setTimeout as sleep } from 'node:timers/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { Logger } from '@kassa/platform/logging';
import { addToOutbox, startOutboxRelay } from '@kassa/platform/outbox';
import { UserCreated } from '@kassa/proto/identity/events/v1/events';

/** The events both sides send: the same N small integration events. */
function sampleEvents(count: number): UserCreated[] {
  const createdAt = new Date('2026-01-01T00:00:00Z');
  return Array.from({ length: count }, (_, index) => ({
    userId: `usr_bench${index}`,
    email: `u${index}@example.com`,
    locale: 'en',
    createdAt,
  }));
}

export interface OutboxComparison {
  orm: MikroORM;
  js: JetStreamClient;
  logger: Logger;
  /** Relay rows go to `<prefix>.relay.…`, raw publishes to `<prefix>.raw.…`: one stream covers `<prefix>.>`. */
  subjectPrefix: string;
  events: number;
  perTransaction: number;
  /** The relay's batchSize, which is also its publish window. */
  batchSize: number;
  /** Each round writes `events` rows, then runs both sides (alternating which goes first). */
  rounds: number;
}

/** Events/s of the outbox relay (value) and of raw JetStream publishes (baseline), totalled over the rounds. */
export async function compareRelayWithRawPublish(
  options: OutboxComparison,
): Promise<{ relayed: number; raw: number; writeMs: number }> {
  const events = sampleEvents(options.events);
  const total = { relayMs: 0, rawMs: 0, writeMs: 0 };
  for (let round = 0; round < options.rounds; round += 1) {
    total.writeMs += await writeToOutbox(
      options.orm,
      `${options.subjectPrefix}.relay.user.created`,
      events,
      options.perTransaction,
    );
    const relay = async () => (total.relayMs += await timeRelay(options, (round + 1) * options.events));
    const raw = async () =>
      (total.rawMs += await timeRawPublish(
        options.js,
        `${options.subjectPrefix}.raw.user.created`,
        events,
        options.batchSize,
        `r${round}`,
      ));
    for (const side of round % 2 === 0 ? [raw, relay] : [relay, raw]) await side();
  }
  const perSecond = (ms: number) => (options.rounds * options.events * 1000) / ms;
  return { relayed: perSecond(total.relayMs), raw: perSecond(total.rawMs), writeMs: total.writeMs };
}

/** Writes the events with addToOutbox, `perTransaction` to a transaction, as a service would (relay not running). */
async function writeToOutbox(
  orm: MikroORM,
  subject: string,
  events: UserCreated[],
  perTransaction: number,
): Promise<number> {
  const started = performance.now();
  for (let offset = 0; offset < events.length; offset += perTransaction) {
    await orm.em.fork().transactional(async (em) => {
      for (const message of events.slice(offset, offset + perTransaction))
        addToOutbox(em, { subject, type: UserCreated, message });
    });
  }
  return performance.now() - started;
}

const RELAY_TIMEOUT_MS = 30_000;

/** Starts the platform relay and times it until no row is left unpublished; then `target` rows must have `published_at`. */
async function timeRelay({ orm, js, logger, batchSize }: OutboxComparison, target: number): Promise<number> {
  const knex = orm.em.getKnex();
  // Polled every 10 ms through the partial index on unpublished rows: cheap, so it takes little from the relay.
  const unpublished = async () => Number((await knex('outbox').whereNull('published_at').count({ n: '*' }))[0]!.n);
  const started = performance.now();
  const relay = startOutboxRelay({ orm, js, logger, batchSize });
  let elapsedMs: number;
  try {
    while ((await unpublished()) > 0) {
      if (performance.now() - started > RELAY_TIMEOUT_MS)
        throw new Error(`outbox relay left ${await unpublished()} rows unpublished after ${RELAY_TIMEOUT_MS} ms`);
      await sleep(10);
    }
    elapsedMs = performance.now() - started;
  } finally {
    await relay.stop();
  }
  const published = Number((await knex('outbox').whereNotNull('published_at').count({ n: '*' }))[0]!.n);
  if (published !== target) throw new Error(`outbox has ${published} published rows, expected ${target}`);
  return elapsedMs;
}

/**
 * Baseline: the same payloads published straight to JetStream with the relay's window: a batch of `window`
 * publishes in flight (each with a unique Nats-Msg-Id and awaiting its PubAck), the next batch after all are acked.
 */
async function timeRawPublish(
  js: JetStreamClient,
  subject: string,
  events: UserCreated[],
  window: number,
  idPrefix: string,
): Promise<number> {
  const payloads = events.map((message) => UserCreated.encode(message).finish());
  const runId = `${idPrefix}-${Date.now().toString(36)}`;
  const started = performance.now();
  for (let offset = 0; offset < payloads.length; offset += window) {
    const batch = payloads.slice(offset, offset + window);
    const acks = await Promise.all(
      batch.map((payload, index) =>
        js.publish(subject, payload, { msgID: `raw-${runId}-${offset + index}`, timeout: 5_000 }),
      ),
    );
    if (acks.some((ack) => ack.duplicate)) throw new Error('JetStream reported a duplicate: message ids collided');
  }
  return performance.now() - started;
}
