import type { Knex, MikroORM } from '@mikro-orm/postgresql';
import type { JetStreamClient } from '@nats-io/jetstream';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { backoffDelayMs } from '../messaging/backoff';
import { recordToHeaders } from '../messaging/nats-headers';
import { contextFrom, errorText, platformTracer, traceHeaders } from '../messaging/trace-context';
import { OUTBOX_CHANNEL } from '../persistence/platform.migration';
import { createNamespace, type Namespace } from '../config/namespace';
import { crashPoint } from '../lifecycle/crash-point';
import { counter, observeGauges } from '../metrics/instruments';

export interface OutboxRelayOptions {
  orm: MikroORM;
  js: JetStreamClient;
  logger: Logger;
  /** Rows claimed per transaction (default 100). */
  batchSize?: number;
  /** Polling catches what a lost notification or a backed-off row would leave behind (default 250 ms). */
  pollIntervalMs?: number;
  /** First retry delay of a row whose publish failed, doubled per attempt with jitter (default 500 ms). */
  baseBackoffMs?: number;
  /** Ceiling of that delay (default 60 s). */
  maxBackoffMs?: number;
  /** Wait for the PubAck (default 5 s). */
  publishTimeoutMs?: number;
  /** Published rows are deleted after this (default 7 days). */
  retentionMs?: number;
  /** How often pruning runs (default 1 hour). */
  pruneIntervalMs?: number;
  /** false: no polling, LISTEN or pruning timer; only `runOnce`/`prune` calls publish (tests). Default true. */
  background?: boolean;
  /**
   * Rows hold canonical subjects (`kassa.identity.…`); the namespace of this copy of the platform, if any,
   * is applied when publishing (see config's createNamespace).
   */
  namespace?: Namespace;
  /**
   * The two-relays control only (services/platform/test/integration/outbox-relay.int.test.ts): claims rows without
   * locking them, as a relay without SKIP LOCKED would, so that the test can show two relays then publish rows twice.
   */
  unsafeUnlockedClaim?: boolean;
}

export interface OutboxRelay {
  /** Finishes the batch in progress, then stops polling and listening. */
  stop(): Promise<void>;
  /** Claims and publishes one batch; returns how many rows it published. */
  runOnce(): Promise<number>;
  /** Deletes rows published longer ago than the retention; returns how many. */
  prune(): Promise<number>;
}

interface OutboxRow {
  id: string;
  subject: string;
  payload: Buffer;
  headers: Record<string, string>;
  attempts: number;
}

const PRUNE_CHUNK = 1000;

const published = counter('kassa.outbox.published', 'Outbox rows published to JetStream, by canonical subject');
const publishFailures = counter('kassa.outbox.publish_failures', 'Outbox publishes that failed and will be retried');
const BACKLOG_GAUGES = {
  unpublished: { name: 'kassa.outbox.unpublished', description: 'Outbox rows not yet published' },
  oldestAge: {
    name: 'kassa.outbox.oldest_unpublished_age.seconds',
    description: 'Age of the oldest unpublished outbox row (0 when none)',
  },
};

/** The only code that publishes integration events: outbox rows → JetStream, each exactly once per duplicate window. */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { orm, js } = options;
  const namespace = options.namespace ?? createNamespace();
  const batchSize = options.batchSize ?? 100;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const baseBackoffMs = options.baseBackoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * 60 * 60 * 1000;
  const log = options.logger.child({ component: 'outbox-relay' });
  const knex: Knex = orm.em.getKnex();
  // SKIP LOCKED: concurrent relays (replicas) split the rows instead of waiting on or duplicating each other.
  const claimLock = options.unsafeUnlockedClaim ? '' : 'for update skip locked';
  if (options.unsafeUnlockedClaim)
    log.warn('UNSAFE CLAIM: outbox rows are claimed without locks (two-relays control test only)');
  publishFailures.initialise();

  let stopped = false;
  let draining: Promise<void> | undefined;
  let wakeAgain = false;
  let listener: Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const timers: NodeJS.Timeout[] = [];
  const stopObserving = observeBacklog();

  if (options.background ?? true) {
    timers.push(setInterval(wake, pollIntervalMs));
    timers.push(
      setInterval(
        () => {
          prune().catch((error: unknown) => log.warn({ err: error }, 'outbox pruning failed'));
        },
        options.pruneIntervalMs ?? 60 * 60 * 1000,
      ),
    );
    void listen();
    wake();
  }

  return {
    async stop() {
      stopped = true;
      stopObserving();
      timers.forEach(clearInterval);
      clearTimeout(reconnectTimer);
      await draining;
      await listener?.end().catch(() => undefined);
    },
    runOnce: async () => (await claimAndPublish()).published,
    prune,
  };

  /** Runs batches until one comes back short; a wake during a run schedules one more run. */
  function wake(): void {
    if (stopped) return;
    if (draining) {
      wakeAgain = true;
      return;
    }
    draining = (async () => {
      for (;;) {
        const { claimed } = await claimAndPublish();
        if (claimed < batchSize || stopped) return;
      }
    })()
      .catch((error: unknown) => log.error({ err: error }, 'outbox relay run failed'))
      .finally(() => {
        draining = undefined;
        if (wakeAgain) {
          wakeAgain = false;
          wake();
        }
      });
  }

  async function claimAndPublish(): Promise<{ claimed: number; published: number }> {
    const { claimed, publishedRows } = await knex.transaction(
      async (trx): Promise<{ claimed: number; publishedRows: OutboxRow[] }> => {
        // Never a high-water mark: a row committed late with a smaller id is still found.
        const { rows } = await trx.raw<{ rows: OutboxRow[] }>(
          `select id, subject, payload, headers, attempts from outbox
          where published_at is null and next_attempt_at <= now()
          order by id limit ? ${claimLock}`,
          [batchSize],
        );
        if (rows.length === 0) return { claimed: 0, publishedRows: [] };
        crashPoint('outbox.before-publish');
        // Sent in id order on one connection, so the stream keeps that order; one failure does not hold up the rest.
        const results = await Promise.allSettled(rows.map(publish));
        crashPoint('outbox.after-publish');
        const publishedRows: OutboxRow[] = [];
        for (const [index, result] of results.entries()) {
          const row = rows[index]!;
          if (result.status === 'fulfilled') {
            publishedRows.push(row);
            continue;
          }
          publishFailures.add(1);
          const attempt = row.attempts + 1;
          const delayMs = backoffDelayMs(attempt, baseBackoffMs, maxBackoffMs);
          const lastError = errorText(result.reason);
          log.warn(
            { outboxId: row.id, subject: row.subject, attempt, retryInMs: delayMs, error: lastError },
            'outbox publish failed',
          );
          await trx.raw(
            `update outbox set attempts = attempts + 1, next_attempt_at = now() + (? * interval '1 millisecond'), last_error = ?
            where id = ?`,
            [delayMs, lastError, row.id],
          );
        }
        if (publishedRows.length > 0) {
          await trx('outbox')
            .whereIn(
              'id',
              publishedRows.map((row) => row.id),
            )
            .update({ published_at: trx.fn.now(), last_error: null });
        }
        return { claimed: rows.length, publishedRows };
      },
    );
    // Counted once the rows are marked published; rolled back, they are published (and counted) again later.
    for (const row of publishedRows) published.add(1, { subject: row.subject });
    return { claimed, published: publishedRows.length };
  }

  /**
   * The backlog, read at scrape time with one query on the partial index of unpublished rows. Every replica reports
   * the same table, so dashboards take the max. A failed query leaves the gauges out of that scrape.
   */
  function observeBacklog(): () => void {
    let failing = false;
    return observeGauges(BACKLOG_GAUGES, async (record) => {
      try {
        const { rows } = await knex.raw<{ rows: { unpublished: number; oldest_age_seconds: number }[] }>(
          `select count(*)::int as unpublished,
                  coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_age_seconds
             from outbox where published_at is null`,
        );
        const [backlog] = rows;
        failing = false;
        record('unpublished', backlog?.unpublished ?? 0);
        record('oldestAge', Math.max(0, backlog?.oldest_age_seconds ?? 0));
      } catch (error) {
        // Once per outage: a scrape every few seconds must not flood the log while the database is away.
        if (!failing) log.warn({ err: error }, 'could not read the outbox backlog for metrics');
        else log.debug({ err: error }, 'could not read the outbox backlog for metrics');
        failing = true;
      }
    });
  }

  /** Publishes one row in a PRODUCER span whose parent is the writer's trace context, and awaits the PubAck. */
  async function publish(row: OutboxRow): Promise<void> {
    const attributes = {
      'messaging.system': 'nats',
      'messaging.operation.type': 'send',
      'messaging.destination.name': row.subject,
      'messaging.message.id': row.id,
    };
    await platformTracer.startActiveSpan(
      `${row.subject} publish`,
      { kind: SpanKind.PRODUCER, attributes },
      contextFrom(row.headers),
      async (span) => {
        try {
          // The consumer's span becomes a child of this one: same trace as the request that wrote the row.
          const headers = { ...row.headers, ...traceHeaders() };
          const ack = await js.publish(namespace.subject(row.subject), row.payload, {
            msgID: row.id,
            headers: recordToHeaders(headers),
            timeout: publishTimeoutMs,
          });
          span.setAttribute('messaging.nats.duplicate', ack.duplicate);
          if (ack.duplicate) log.debug({ outboxId: row.id }, 'JetStream already had this message (duplicate window)');
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: errorText(error) });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  }

  async function prune(): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await knex.raw<{ rowCount: number }>(
        `delete from outbox where id in (
           select id from outbox where published_at < now() - (? * interval '1 millisecond') limit ?)`,
        [retentionMs, PRUNE_CHUNK],
      );
      total += deleted.rowCount;
      if (deleted.rowCount < PRUNE_CHUNK) break;
    }
    if (total > 0) log.info({ deleted: total }, 'pruned published outbox rows');
    return total;
  }

  /** A dedicated connection (not from the pool) LISTENs, so a commit wakes the relay at once. */
  async function listen(): Promise<void> {
    if (stopped) return;
    const client = new Client({ connectionString: orm.config.getClientUrl() });
    const retry = (error: unknown) => {
      if (stopped || listener !== client) return;
      listener = undefined;
      log.warn({ err: error }, 'outbox LISTEN connection lost; polling until it is back');
      client.end().catch(() => undefined);
      reconnectTimer = setTimeout(() => void listen(), 1_000);
    };
    listener = client;
    client.on('notification', wake);
    client.on('error', retry);
    client.on('end', () => retry(new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    } catch (error) {
      retry(error);
    }
  }
}
