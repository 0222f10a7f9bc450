// A look into a stack's saga from outside: its four saga databases and its JetStream consumers. The crash matrix arms
// a crash point only while the saga is at rest (nothing unpublished, nothing undelivered, no e-mail waiting to be
// sent), so that the point is reached by the step it is meant for and not by leftover work. (A payment attempt a
// crash left 'created' is not waited for: the guest's Retry payment opened another, and payments' reconciliation takes
// the old one up only after RECONCILE_AFTER_MINUTES.)
import { setTimeout as sleep } from 'node:timers/promises';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Client } from 'pg';
import { NATS_ADMIN_USER, natsAuthOptions } from '@kassa/platform/messaging';

export type SagaDatabase = 'ordering' | 'payments' | 'ticketing' | 'notifications';

export interface SagaProbeOptions {
  namespace: string;
  /** Connection URLs of the four saga databases. */
  databaseUrls: Record<SagaDatabase, string>;
  natsUrl?: string;
}

export interface SagaState {
  /** Outbox rows not yet published, per database. */
  unpublished: Record<SagaDatabase, number>;
  /** Messages of the stack's streams not yet delivered to a consumer. */
  undelivered: number;
  /** Delivered and not yet acknowledged (a killed consumer's message waits for the ack wait, then comes again). */
  unacknowledged: number;
  /** E-mails recorded but not yet sent or given up (notifications' job, or the sweeper, still owes them). */
  unsentEmails: number;
}

export interface SagaProbe {
  state(): Promise<SagaState>;
  /** Waits until nothing is unpublished, undelivered or unsent (and, with `acknowledged`, unacknowledged). */
  waitAtRest(options?: { acknowledged?: boolean; timeoutMs?: number }): Promise<SagaState>;
  /** One query on one of the databases (reconnecting after a PostgreSQL restart). */
  query<R>(database: SagaDatabase, sql: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

export const isAtRest = (state: SagaState, acknowledged = false): boolean =>
  Object.values(state.unpublished).every((n) => n === 0) &&
  state.undelivered === 0 &&
  (!acknowledged || state.unacknowledged === 0) &&
  state.unsentEmails === 0;

export async function openSagaProbe(options: SagaProbeOptions): Promise<SagaProbe> {
  const suffix = `_${options.namespace.toUpperCase()}`;
  const clients = new Map<SagaDatabase, Client>();
  let nats: NatsConnection | undefined;
  let jsm: JetStreamManager | undefined;

  /** A fresh connection after an error: the probe outlives PostgreSQL restarts. */
  async function query<R>(database: SagaDatabase, sql: string, params: unknown[] = []): Promise<R[]> {
    let client = clients.get(database);
    if (!client) {
      client = new Client({ connectionString: options.databaseUrls[database] });
      client.on('error', () => clients.delete(database));
      await client.connect();
      clients.set(database, client);
    }
    try {
      return (await client.query(sql, params)).rows as R[];
    } catch (error) {
      clients.delete(database);
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  async function manager(): Promise<JetStreamManager> {
    if (!nats || nats.isClosed()) {
      nats = await connect({
        servers: options.natsUrl ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
        ...natsAuthOptions(NATS_ADMIN_USER),
        name: 'verify-faults-probe',
        maxReconnectAttempts: -1,
      });
      jsm = await jetstreamManager(nats);
    }
    return jsm!;
  }

  const count = async (database: SagaDatabase, sql: string) =>
    Number((await query<{ n: string }>(database, sql))[0]?.n ?? 0);

  async function state(): Promise<SagaState> {
    const unpublished = {} as Record<SagaDatabase, number>;
    for (const database of Object.keys(options.databaseUrls) as SagaDatabase[]) {
      unpublished[database] = await count(database, 'select count(*) as n from outbox where published_at is null');
    }
    let undelivered = 0;
    let unacknowledged = 0;
    const jsm = await manager();
    for await (const stream of jsm.streams.list()) {
      if (!stream.config.name.endsWith(suffix)) continue;
      for (const consumer of await jsm.consumers.list(stream.config.name).next()) {
        undelivered += consumer.num_pending;
        unacknowledged += consumer.num_ack_pending;
      }
    }
    return {
      unpublished,
      undelivered,
      unacknowledged,
      unsentEmails: await count('notifications', "select count(*) as n from email_message where status = 'created'"),
    };
  }

  return {
    state,
    query,
    async waitAtRest({ acknowledged = false, timeoutMs = 120_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      let last: SagaState | undefined;
      let lastError: unknown;
      for (;;) {
        try {
          last = await state();
          if (isAtRest(last, acknowledged)) return last;
        } catch (error) {
          // PostgreSQL or NATS restarting: look again.
          lastError = error;
        }
        if (Date.now() > deadline) {
          throw new Error(
            `the saga did not come to rest within ${timeoutMs} ms: ${last ? JSON.stringify(last) : String(lastError)}`,
          );
        }
        await sleep(250);
      }
    },
    async close() {
      await Promise.all([...clients.values()].map((client) => client.end().catch(() => undefined)));
      await nats?.close().catch(() => undefined);
    },
  };
}
