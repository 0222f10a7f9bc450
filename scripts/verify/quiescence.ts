// When a stack has settled after a run: every outbox row published, every consumer caught up (nothing pending, nothing
// delivered and unacknowledged), and — unless told otherwise — every hold ended, every payment attempt closed, every
// refund settled and every e-mail handed to SMTP. The reconciler reads the databases only then.
import { setTimeout as sleep } from 'node:timers/promises';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { StackInfo } from '@kassa/testing/stack';
import { countUnpublishedOutbox, serviceDatabase, withDatabase } from './reconcile';
import { NATS_ADMIN_USER, natsAuthOptions } from '@kassa/platform/messaging';

export interface ConsumerBacklog {
  stream: string;
  consumer: string;
  pending: number;
  ackPending: number;
}

export interface QuiescenceState {
  unpublishedOutbox: Record<string, number>;
  /** Consumers of the stack's streams with something pending or unacknowledged. */
  consumersBehind: ConsumerBacklog[];
  /** Orders still reserved or pending (their hold has not ended, or its expiry has not run). */
  heldOrders: number;
  /** Payment attempts still created, pending or authorized. */
  openAttempts: number;
  /** Refunds requested and not yet settled, in ordering and in payments. */
  unfinishedRefunds: number;
  /** E-mails recorded and not yet handed to SMTP. */
  unsentEmails: number;
}

export interface QuiescenceOptions {
  timeoutMs: number;
  pollMs?: number;
  /** Also wait for every hold to end, every attempt to close and every refund to settle (default true). */
  holdsEnded?: boolean;
  /** Also wait for notifications to hand every e-mail to SMTP (default true). */
  emailsSent?: boolean;
}

export interface Quiescence {
  quiet: boolean;
  waitedMs: number;
  last: QuiescenceState;
}

/** One look at everything quiescence waits for. */
export async function readQuiescence(info: Pick<StackInfo, 'databases' | 'namespace'>): Promise<QuiescenceState> {
  const unpublishedOutbox = await countUnpublishedOutbox(info);
  const consumersBehind = await readConsumerBacklogs(info.namespace);
  const one = async (service: 'ordering' | 'payments' | 'notifications', sql: string) =>
    withDatabase(serviceDatabase(info, service), async (db) =>
      Number((await db.query<{ n: string }>(sql)).rows[0]?.n ?? 0),
    );
  return {
    unpublishedOutbox,
    consumersBehind,
    heldOrders: await one(
      'ordering',
      `select count(*) as n from orders where status in ('created', 'reserved', 'pending')`,
    ),
    openAttempts: await one(
      'payments',
      `select count(*) as n from payment_attempt where status in ('created', 'pending', 'authorized')`,
    ),
    unfinishedRefunds:
      (await one('ordering', `select count(*) as n from refund where status = 'requested'`)) +
      (await one('payments', `select count(*) as n from refund where status in ('requested', 'pending')`)),
    unsentEmails: await one('notifications', `select count(*) as n from email_message where status = 'created'`),
  };
}

/** Whether one look shows a quiet stack, under `options`. */
export function isQuiet(
  state: QuiescenceState,
  options: Pick<QuiescenceOptions, 'holdsEnded' | 'emailsSent'> = {},
): boolean {
  const outbox = Object.values(state.unpublishedOutbox).every((n) => n === 0);
  const holds =
    options.holdsEnded === false ||
    (state.heldOrders === 0 && state.openAttempts === 0 && state.unfinishedRefunds === 0);
  const emails = options.emailsSent === false || state.unsentEmails === 0;
  return outbox && state.consumersBehind.length === 0 && holds && emails;
}

/**
 * Polls until two looks in a row (at least `pollMs` apart) are quiet — one look could fall between a consumer's
 * commit and the relay's publish of what it wrote — or until `timeoutMs`. Never throws on a timeout: the caller
 * reports `quiet: false` and the last look.
 */
export async function waitForQuiescence(
  info: Pick<StackInfo, 'databases' | 'namespace'>,
  options: QuiescenceOptions,
): Promise<Quiescence> {
  const started = Date.now();
  const pollMs = options.pollMs ?? 500;
  let quietLooks = 0;
  for (;;) {
    const last = await readQuiescence(info);
    quietLooks = isQuiet(last, options) ? quietLooks + 1 : 0;
    const waitedMs = Date.now() - started;
    if (quietLooks >= 2) return { quiet: true, waitedMs, last };
    if (waitedMs > options.timeoutMs) return { quiet: false, waitedMs, last };
    await sleep(pollMs);
  }
}

/** A short description of what a look still waits for, for logs and notes. */
export function describeQuiescence(state: QuiescenceState): string {
  const outbox = Object.entries(state.unpublishedOutbox)
    .filter(([, n]) => n > 0)
    .map(([service, n]) => `${service} ${n}`);
  const consumers = state.consumersBehind.map((c) => `${c.consumer} ${c.pending}+${c.ackPending}`);
  return [
    `outbox unpublished: ${outbox.length ? outbox.join(', ') : 'none'}`,
    `consumers behind: ${consumers.length ? consumers.join(', ') : 'none'}`,
    `held orders ${state.heldOrders}, open attempts ${state.openAttempts}, unfinished refunds ${state.unfinishedRefunds}, unsent e-mails ${state.unsentEmails}`,
  ].join('; ');
}

/** Every consumer of the namespace's streams ("KASSA_<SERVICE>_<NS>") that has messages pending or unacknowledged. */
export async function readConsumerBacklogs(namespace: string): Promise<ConsumerBacklog[]> {
  const suffix = `_${namespace.toUpperCase()}`;
  const nats = await connect({
    servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    ...natsAuthOptions(NATS_ADMIN_USER),
  });
  try {
    const jsm = await jetstreamManager(nats);
    const behind: ConsumerBacklog[] = [];
    for await (const stream of jsm.streams.list()) {
      if (!stream.config.name.endsWith(suffix)) continue;
      for await (const consumer of jsm.consumers.list(stream.config.name)) {
        if (consumer.num_pending > 0 || consumer.num_ack_pending > 0) {
          behind.push({
            stream: stream.config.name,
            consumer: consumer.name,
            pending: consumer.num_pending,
            ackPending: consumer.num_ack_pending,
          });
        }
      }
    }
    return behind;
  } finally {
    await nats.close();
  }
}
