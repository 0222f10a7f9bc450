import { createNamespace, type Namespace } from '@kassa/platform/config';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { parseKey, sealString } from '@kassa/platform/crypto';
import { newId } from '@kassa/platform/ids';
import { createQueue } from '@kassa/platform/jobs';
import { createLifecycle } from '@kassa/platform/lifecycle';
import { createLogger } from '@kassa/platform/logging';
import { connectNats, ensureStream, NATS_ADMIN_USER, type NatsHandles } from '@kassa/platform/messaging';
import { createOrm } from '@kassa/platform/persistence';
import {
  assertInfrastructure,
  createMigratedTestDatabase,
  uniqueName,
  type TestDatabase,
  testCallerKeyText,
} from '@kassa/platform/testing';

import { SignInCodeRequested } from '@kassa/proto/identity/events/v1/events';
import type { MikroORM } from '@mikro-orm/postgresql';
import { startNotifications } from '../../src/app';
import { loadNotificationsConfig, type NotificationsConfig } from '../../src/config';
import {
  IDENTITY_STREAM,
  NOTIFICATIONS_STREAM,
  ORDERING_STREAM,
  TICKETING_STREAM,
  subjects,
} from '../../src/events/subjects';
import { SEND_EMAIL_QUEUE, type SendEmailRetryPolicy } from '../../src/jobs/send-email.job';
import { notificationsEntities } from '../../src/persistence/entities';
import { notificationsMigrations } from '../../src/persistence/migrations';

export const logger = createLogger({ service: 'notifications-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** The running service, and a stop that runs its private lifecycle (a restart gets a new one). */
export type RunningNotifications = Awaited<ReturnType<typeof startNotifications>> & { stop(): Promise<void> };

export interface Harness {
  config: NotificationsConfig;
  /** This run's names of streams, subjects, durables and keys (the service's KASSA_NAMESPACE). */
  namespace: Namespace;
  queueName: string;
  nats: NatsHandles;
  /** A separate ORM for assertions (the service has its own). */
  orm: MikroORM;
  app: RunningNotifications;
  /** Starts the service again (after `app.stop()`), with the same database, streams and queue. */
  restart(): Promise<RunningNotifications>;
  publishSignInCodeRequested(
    event: Partial<SignInCodeRequested> & { code: string },
    msgId?: string,
  ): Promise<{ event: SignInCodeRequested; duplicate: boolean }>;
  close(): Promise<void>;
}

/** A real notifications service on its own database, NATS streams and BullMQ queue. */
export async function startHarness(options: {
  smtpUrl: string;
  label: string;
  retry?: SendEmailRetryPolicy;
  streamRetryMs?: number;
  /** identity's gRPC address, for the organiser calls (the default points at nothing: those calls then fail). */
  identityAddress?: string;
  /** More environment (e.g. WALLET_*). */
  env?: Record<string, string>;
  /** The service's clock for signature checks. */
  now?: () => Date;
}): Promise<Harness> {
  await assertInfrastructure();
  const database: TestDatabase = await createMigratedTestDatabase(
    `notifications_${options.label}`,
    { name: 'notifications', entities: notificationsEntities, migrations: notificationsMigrations },
    logger,
  );
  const namespace = createNamespace(
    uniqueName(`t${options.label}`)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, ''),
  );
  const queueName = namespace.queue(SEND_EMAIL_QUEUE);
  const sealingKey = randomBytes(32).toString('base64url');
  const webhookSecret = randomBytes(32).toString('hex');
  const config = loadNotificationsConfig({
    KASSA_ENV: 'test',
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    HTTP_PORT: '0',
    SMTP_URL: options.smtpUrl,
    KASSA_SEALING_KEY: sealingKey,
    KASSA_CALLER_KEY: testCallerKeyText,
    // Isolates this run's Redis keys (the public forms' rate limits) from every other copy.
    KASSA_NAMESPACE: namespace.name,
    EMAIL_WEBHOOK_SECRET: webhookSecret,
    IDENTITY_GRPC_ADDRESS: options.identityAddress ?? '127.0.0.1:1',
    ...options.env,
  });
  const nats = await connectNats({
    url: config.natsUrl,
    name: `${namespace.name}-test`,
    user: NATS_ADMIN_USER,
    logger,
  });
  // identity owns its stream and creates it on start; here the harness stands in for identity.
  await ensureStream(nats.jsm, {
    name: namespace.stream(IDENTITY_STREAM),
    subjects: [namespace.subject('kassa.identity.>')],
  });
  const orm = await createOrm({ databaseUrl: database.url, entities: notificationsEntities, logger, poolMax: 2 });
  const start = async (): Promise<RunningNotifications> => {
    const lifecycle = createLifecycle(logger, { handleSignals: false, exit: () => undefined });
    const stop = () => lifecycle.shutdown('test done');
    const running = await startNotifications(config, logger, lifecycle, {
      retry: options.retry ?? { attempts: 3, backoffMs: 50 },
      grpcHost: '127.0.0.1',
      streamRetryMs: options.streamRetryMs ?? 200,
      now: options.now,
      // Tests run the unsent-mail sweep themselves (sweeper.runOnce()); a timed one firing in between would send the
      // mail a test is still checking is held, or leave runOnce nothing to do.
      sweepIntervalMs: 3_600_000,
    }).catch(async (error: unknown) => {
      // What started before the failure stops, as main.ts's lifecycle would stop it.
      await stop();
      throw error;
    });
    return { ...running, stop };
  };

  const deleteStreams = async () => {
    for (const stream of [IDENTITY_STREAM, ORDERING_STREAM, TICKETING_STREAM, NOTIFICATIONS_STREAM.name]) {
      await nats.jsm.streams.delete(namespace.stream(stream)).catch(() => undefined);
    }
  };
  // A service that refuses to start (a test of its start-up checks) must not leave its database behind.
  const app = await start().catch(async (error: unknown) => {
    await deleteStreams();
    await nats.close();
    await orm.close(true);
    await database.drop();
    throw error;
  });
  const harness: Harness = {
    config,
    namespace,
    queueName,
    nats,
    orm,
    app,
    async restart() {
      harness.app = await start();
      return harness.app;
    },
    async publishSignInCodeRequested({ code, ...fields }, msgId = newId('obx')) {
      const event: SignInCodeRequested = {
        challengeId: newId('sic'),
        email: `${uniqueName('guest')}@example.com`,
        sealedCode: sealString(parseKey(sealingKey), code),
        locale: 'en',
        newAccount: false,
        expiresAt: new Date(Date.now() + 10 * 60_000),
        displayName: '',
        ...fields,
      };
      const ack = await nats.js.publish(
        namespace.subject(subjects.signInCodeRequested),
        SignInCodeRequested.encode(event).finish(),
        { msgID: msgId },
      );
      return { event, duplicate: ack.duplicate };
    },
    async close() {
      await harness.app.stop();
      await deleteStreams();
      const queue = createQueue(queueName, { redisUrl: config.redisUrl });
      await queue.obliterate({ force: true });
      await queue.close();
      await deleteKeys(config.redisUrl, namespace.key('kassa:ratelimit:*'));
      await nats.close();
      await orm.close(true);
      await database.drop();
    },
  };
  return harness;
}

async function deleteKeys(redisUrl: string, pattern: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(pattern);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** Polls until `read` returns a value that `done` accepts, or fails with the last value seen. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() > deadline)
      throw new Error(`Condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  return last;
}

export interface MessageRow {
  id: string;
  template: string;
  subject_ref: string;
  dedupe_key: string | null;
  locale: string;
  status: string;
  subject: string;
  recipient: string;
  sealed_payload: string | null;
  attempts: number;
  organisation_id: string | null;
  purpose: string;
  attachments: string[];
  provider_message_id: string | null;
}

export async function messageRowsFor(orm: MikroORM, subjectRef: string): Promise<MessageRow[]> {
  return orm.em
    .fork()
    .getConnection()
    .execute<MessageRow[]>('select * from email_message where subject_ref = ? order by id', [subjectRef]);
}

export async function historyOf(orm: MikroORM, messageId: string): Promise<{ status: string; detail: string }[]> {
  return orm.em
    .fork()
    .getConnection()
    .execute('select status, detail from email_status_change where message_id = ? order by id', [messageId]);
}

export async function outboxRows(
  orm: MikroORM,
  subject: string,
): Promise<{ id: string; payload: Buffer; published_at: Date | null }[]> {
  return orm.em
    .fork()
    .getConnection()
    .execute('select id, payload, published_at from outbox where subject = ? order by id', [subject]);
}
