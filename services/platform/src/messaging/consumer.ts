import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { crashPoint } from '../lifecycle/crash-point';
import { counter, labelSets, observeGauges, secondsHistogram } from '../metrics/instruments';
import { transactionalWithEffects } from '../persistence/after-commit';
import { backoffDelayMs } from './backoff';
import { ensureStream, isApiError } from './ensure-stream';
import { pruneInbox } from './inbox-pruning';
import { headersToRecord, headerValue, recordToHeaders } from './nats-headers';
import { contextFrom, errorText, platformTracer } from './trace-context';

const consumedMessages = counter(
  'kassa.consumer.messages',
  'Deliveries by consumer and outcome: handled, duplicate, skipped (not for this consumer), failed (retried), parked',
);
const handleDuration = secondsHistogram(
  'kassa.consumer.handle.duration.seconds',
  'Time to handle a delivery in its transaction, by consumer',
);
const BACKLOG_GAUGES = {
  pending: {
    name: 'kassa.consumer.pending',
    description: 'Messages of the stream the consumer has not been delivered yet (JetStream num_pending)',
  },
  ackPending: {
    name: 'kassa.consumer.ack_pending',
    description: 'Messages delivered and not yet acknowledged (JetStream num_ack_pending)',
  },
};

const OUTCOMES = ['handled', 'duplicate', 'skipped', 'failed', 'parked'] as const;
type Outcome = (typeof OUTCOMES)[number];

export const PARKED_STREAM = 'KASSA_PARKED';
/** Parked messages wait for an operator's look: a quarter, so one found late in a month-end review is still there. */
export const PARKED_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
export const parkedSubject = (durable: string): string => `kassa.parked.${durable}`;

export interface InboundMessage {
  /** `Nats-Msg-Id` (the producer's outbox row id), or `<stream>-<sequence>` when the publisher set none. */
  id: string;
  subject: string;
  data: Uint8Array;
  headers: Record<string, string>;
  /** 1 on the first delivery. */
  deliveryCount: number;
}

export interface StartConsumerOptions {
  orm: MikroORM;
  js: JetStreamClient;
  jsm: JetStreamManager;
  logger: Logger;
  stream: string;
  /** Durable consumer name; also the inbox `consumer` and the parking subject `kassa.parked.<durable>`. */
  durable: string;
  /** One subject, or several: NATS 2.9 has one filter per consumer, so several become one consumer each. */
  filterSubjects: string | string[];
  /**
   * Runs inside the transaction that records the message in the inbox; throw to roll both back. Effects registered
   * with `afterCommit(em, …)` (business counters) run once that transaction committed.
   */
  handle(message: InboundMessage, em: EntityManager): Promise<void>;
  /**
   * Whether a message is one this consumer acts on at all (default: every one). A message it does not is
   * acknowledged without a transaction or an inbox row: handling it would change nothing, so neither would a
   * redelivery. For subjects that carry much the consumer has no use for (every e-mail's delivery, say).
   */
  accepts?(message: InboundMessage): boolean;
  /** Deliveries before a failing message is parked (default 8). */
  maxDeliver?: number;
  /** Redelivery when neither ack nor nak arrives in time, e.g. the process died (default 30 s). */
  ackWaitMs?: number;
  /** First redelivery delay after a failure, doubled per delivery with jitter (default 1 s). */
  retryBackoffMs?: number;
  /** Ceiling of that delay (default 60 s). */
  maxRetryBackoffMs?: number;
  /** Messages pulled ahead per consumer (default 10); they are handled one at a time. */
  pullBatch?: number;
  /** Runs after a message's effect committed and before its ack (a service's own crash points in fault tests). */
  afterCommit?(message: InboundMessage): void;
  /** How often the inbox rows the stream can no longer redeliver are deleted (default hourly; 0: never, tests). */
  inboxPruneIntervalMs?: number;
}

export interface RunningConsumer {
  stop(): Promise<void>;
  /** Deletes this consumer's inbox rows its stream can no longer redeliver (also run on a timer); returns how many. */
  pruneInbox(): Promise<number>;
}

/**
 * Starts inbox-guarded, durable pull consumers. Resolves once the consumers exist on the server, so a wrong
 * stream or subject fails start-up instead of failing silently later.
 */
export async function startConsumer(options: StartConsumerOptions): Promise<RunningConsumer> {
  const { orm, js, jsm, stream, durable, handle } = options;
  const maxDeliver = options.maxDeliver ?? 8;
  const ackWaitMs = options.ackWaitMs ?? 30_000;
  const retryBackoffMs = options.retryBackoffMs ?? 1_000;
  const maxRetryBackoffMs = options.maxRetryBackoffMs ?? 60_000;
  const log = options.logger.child({ component: 'consumer', stream, durable });
  const subjects = typeof options.filterSubjects === 'string' ? [options.filterSubjects] : options.filterSubjects;
  if (subjects.length === 0) throw new Error(`Consumer ${durable} needs at least one filter subject`);

  await ensureStream(jsm, { name: PARKED_STREAM, subjects: ['kassa.parked.>'], maxAgeMs: PARKED_RETENTION_MS });
  const names = consumerNames(durable, subjects);
  for (const [index, name] of names.entries()) await ensureConsumer(name, subjects[index]!);
  // From 0, so the first parked message is an increase that alerts (see Counter.initialise).
  consumedMessages.initialise(labelSets({ consumer: names, outcome: OUTCOMES }));

  let stopping = false;
  const subscriptions: ConsumerMessages[] = [];
  const loops: Promise<void>[] = [];
  for (const name of names) {
    const consumer = await js.consumers.get(stream, name);
    const messages = await consumer.consume({ max_messages: options.pullBatch ?? 10 });
    subscriptions.push(messages);
    loops.push(
      (async () => {
        for await (const msg of messages) {
          // Pulled ahead but not started: hand it back at once rather than after the ack wait.
          if (stopping) msg.nak();
          else await processMessage(msg, name);
        }
      })().catch((error: unknown) => log.error({ err: error, consumer: name }, 'consumer stopped unexpectedly')),
    );
  }
  const stopObserving = observeBacklog();
  const prune = () => pruneInbox({ orm, jsm, stream, consumer: durable });
  const pruneIntervalMs = options.inboxPruneIntervalMs ?? 60 * 60 * 1000;
  const pruneTimer =
    pruneIntervalMs > 0
      ? setInterval(() => {
          prune()
            .then(
              (deleted) => deleted > 0 && log.info({ deleted }, 'pruned inbox rows the stream can no longer redeliver'),
            )
            .catch((error: unknown) => log.warn({ err: error }, 'inbox pruning failed; the next run tries again'));
        }, pruneIntervalMs)
      : undefined;
  pruneTimer?.unref();
  log.info({ subjects, consumers: names }, 'consumer started');

  return {
    pruneInbox: prune,
    async stop() {
      stopping = true;
      if (pruneTimer) clearInterval(pruneTimer);
      stopObserving();
      await Promise.all(subscriptions.map((messages) => messages.close()));
      await Promise.all(loops);
      log.info('consumer stopped');
    },
  };

  async function ensureConsumer(name: string, filterSubject: string): Promise<void> {
    // The server never gives up on a message (max_deliver -1): this code counts deliveries and parks, so a
    // message whose last attempt crashed the process, or whose parking failed, is still parked on a later delivery.
    const wanted = { ack_wait: nanos(ackWaitMs), max_deliver: -1 };
    try {
      const info = await jsm.consumers.info(stream, name);
      if ((info.config.filter_subject ?? '') !== filterSubject) {
        throw new Error(
          `Consumer ${name} on ${stream} filters "${info.config.filter_subject ?? ''}", not "${filterSubject}"; ` +
            'NATS 2.9 cannot change a filter: delete the consumer or use another durable name',
        );
      }
      if (info.config.ack_wait !== wanted.ack_wait || info.config.max_deliver !== wanted.max_deliver) {
        await jsm.consumers.update(stream, name, wanted);
      }
    } catch (error) {
      if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
      await jsm.consumers.add(stream, {
        durable_name: name,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: filterSubject,
        ...wanted,
      });
    }
  }

  /**
   * The consumers' backlog as the server counts it, asked at scrape time. Every replica reports the same durable
   * consumers, so dashboards take the max. A consumer the server cannot describe is left out of that scrape.
   */
  function observeBacklog(): () => void {
    let failing = false;
    return observeGauges(BACKLOG_GAUGES, async (record) => {
      const infos = await Promise.allSettled(names.map((name) => jsm.consumers.info(stream, name)));
      const failed = infos.find((info) => info.status === 'rejected');
      infos.forEach((info, index) => {
        if (info.status !== 'fulfilled') return;
        record('pending', info.value.num_pending, { consumer: names[index]! });
        record('ackPending', info.value.num_ack_pending, { consumer: names[index]! });
      });
      // Once per outage: a scrape every few seconds must not flood the log while NATS is away.
      if (failed && !failing) log.warn({ err: failed.reason }, 'could not read the consumer backlog for metrics');
      failing = failed !== undefined;
    });
  }

  /** `consumer` is the durable name on the server, the label of this delivery's metrics. */
  async function processMessage(msg: JsMsg, consumer: string): Promise<void> {
    const headers = headersToRecord(msg.headers);
    const message: InboundMessage = {
      id: headers['Nats-Msg-Id'] || `${msg.info.stream}-${msg.seq}`,
      subject: msg.subject,
      data: msg.data,
      headers,
      deliveryCount: msg.info.deliveryCount,
    };
    const attributes = {
      'messaging.system': 'nats',
      'messaging.operation.type': 'process',
      'messaging.destination.name': msg.subject,
      'messaging.consumer.group.name': durable,
      'messaging.message.id': message.id,
      'messaging.nats.delivery_count': message.deliveryCount,
    };
    const count = (outcome: Outcome) => consumedMessages.add(1, { consumer, outcome });
    await platformTracer.startActiveSpan(
      `${msg.subject} process`,
      { kind: SpanKind.CONSUMER, attributes },
      contextFrom(headers),
      async (span) => {
        try {
          if (message.deliveryCount > maxDeliver) {
            count(await park(msg, message, span, `delivered ${message.deliveryCount} times without success`));
            return;
          }
          if (options.accepts && !options.accepts(message)) {
            count('skipped');
            await acknowledge(msg, message);
            return;
          }
          const started = performance.now();
          const result = await handleOnce(msg, message).then(
            (outcome) => ({ outcome }),
            (error: unknown) => ({ error }),
          );
          handleDuration.record((performance.now() - started) / 1000, { consumer });
          if ('error' in result) {
            count(await failed(msg, message, span, result.error));
            return;
          }
          const { outcome } = result;
          count(outcome);
          if (outcome === 'handled') {
            // Committed, not yet acknowledged: a crash here is redelivered after the ack wait and skipped by the inbox.
            crashPoint('consumer.after-effect-before-ack');
            options.afterCommit?.(message);
          }
          await acknowledge(msg, message);
          if (outcome === 'duplicate') log.debug({ messageId: message.id }, 'already processed; acknowledged');
        } finally {
          span.end();
        }
      },
    );
  }

  /** One transaction: the inbox row and the handler's effect commit together or not at all. */
  async function handleOnce(msg: JsMsg, message: InboundMessage): Promise<'handled' | 'duplicate'> {
    // Long handlers tell the server they are alive so it does not redeliver to another replica meanwhile.
    const heartbeat = setInterval(() => msg.working(), Math.max(500, Math.floor(ackWaitMs / 2)));
    try {
      return await transactionalWithEffects(orm.em.fork(), async (em) => {
        const inserted = await em.execute<{ affectedRows: number }>(
          'insert into inbox (consumer, message_id, processed_at) values (?, ?, now()) on conflict do nothing',
          [durable, message.id],
          'run',
        );
        if (inserted.affectedRows === 0) return 'duplicate';
        await handle(message, em);
        return 'handled';
      });
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function acknowledge(msg: JsMsg, message: InboundMessage): Promise<void> {
    try {
      await msg.ackAck();
    } catch (error) {
      // Committed already: a redelivery finds the inbox row and is acknowledged without handling.
      log.warn({ err: error, messageId: message.id }, 'ack not confirmed; a redelivery will be skipped by the inbox');
    }
  }

  async function failed(msg: JsMsg, message: InboundMessage, span: Span, error: unknown): Promise<'failed' | 'parked'> {
    span.recordException(error instanceof Error ? error : new Error(String(error)));
    span.setStatus({ code: SpanStatusCode.ERROR, message: errorText(error) });
    if (message.deliveryCount >= maxDeliver) return park(msg, message, span, errorText(error));
    const delayMs = backoffDelayMs(message.deliveryCount, retryBackoffMs, maxRetryBackoffMs);
    log.warn(
      {
        err: error,
        messageId: message.id,
        subject: message.subject,
        deliveryCount: message.deliveryCount,
        retryInMs: delayMs,
      },
      'message handling failed; will retry',
    );
    msg.nak(delayMs);
    return 'failed';
  }

  /** Copies the message to `kassa.parked.<durable>` with why, then terminates it; 'failed' when it could not (retried). */
  async function park(msg: JsMsg, message: InboundMessage, span: Span, reason: string): Promise<'failed' | 'parked'> {
    const headers = { ...message.headers };
    delete headers['Nats-Msg-Id'];
    Object.assign(headers, {
      'Kassa-Parked-Error': headerValue(reason),
      'Kassa-Original-Subject': message.subject,
      'Kassa-Original-Stream': msg.info.stream,
      'Kassa-Original-Sequence': String(msg.seq),
      'Kassa-Original-Msg-Id': message.id,
      'Kassa-Consumer': durable,
      'Kassa-Delivery-Count': String(message.deliveryCount),
    });
    try {
      // The id is per consumer: two consumers parking the same message both keep their copy.
      await js.publish(parkedSubject(durable), msg.data, {
        msgID: `${durable}-${message.id}`,
        headers: recordToHeaders(headers),
      });
    } catch (error) {
      const delayMs = backoffDelayMs(message.deliveryCount, retryBackoffMs, maxRetryBackoffMs);
      log.error({ err: error, messageId: message.id, retryInMs: delayMs }, 'could not park message; will retry');
      msg.nak(delayMs);
      return 'failed';
    }
    span.setAttribute('kassa.parked', true);
    log.error(
      { messageId: message.id, subject: message.subject, deliveryCount: message.deliveryCount, reason },
      'message parked',
    );
    // No reason text: `+TERM <reason>` is a NATS 2.10 feature; 2.9 ignores it and would redeliver.
    msg.term();
    return 'parked';
  }
}

/** A durable-name-safe rendering of a subject (`kassa.x.*` → `kassa_x_any`). */
/**
 * The server-side names of a durable's consumers: the durable itself for one subject, else one per subject (NATS 2.9
 * has one filter per consumer). The bus's permission table (scripts/lib/nats) grants exactly these names.
 */
export function consumerNames(durable: string, subjects: readonly string[]): string[] {
  return subjects.length === 1 ? [durable] : subjects.map((subject) => `${durable}_${subjectSlug(subject)}`);
}

function subjectSlug(subject: string): string {
  return subject.replace(/\./g, '_').replace(/\*/g, 'any').replace(/>/g, 'all');
}
