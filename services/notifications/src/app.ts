import { Redis } from 'ioredis';
import { createOrganisationAuthorizer } from '@kassa/platform/authorization';
import { createNamespace } from '@kassa/platform/config';
import { parseKey } from '@kassa/platform/crypto';
import { createLifecycle, type Lifecycle, type ShutdownPhase } from '@kassa/platform/lifecycle';
import { callerKeyOf, callerVerifiersOf, createGrpcServer } from '@kassa/platform/grpc';
import { standardReadinessChecks, startHttpEdge } from '@kassa/platform/health';
import { createQueue } from '@kassa/platform/jobs';
import type { Logger } from '@kassa/platform/logging';
import { connectNats, ensureStream, serviceNatsUser } from '@kassa/platform/messaging';
import { startOutboxRelay } from '@kassa/platform/outbox';
import { createOrm } from '@kassa/platform/persistence';
import { createRateLimiter } from '@kassa/platform/ratelimit';
import { NotificationsServiceService, PublicFormsServiceService } from '@kassa/proto/notifications/v1/notifications';
import type { MikroORM } from '@mikro-orm/postgresql';
import { sendEmail } from './application/send-email';
import type { NotificationsConfig } from './config';
import { createWalletPassIssuer, type WalletPassIssuer } from './documents/wallet-pass';
import { loadWalletSigning } from './documents/wallet-signing';
import { isVoided } from './domain/order-confirmation';
import { startMemberInvitedConsumer } from './events/member-invited.consumer';
import { startOrderRefundedConsumer } from './events/order-refunded.consumer';
import { startSignInCodeRequestedConsumer } from './events/signin-code-requested.consumer';
import { startTicketsIssuedConsumer } from './events/tickets-issued.consumer';
import { startTicketsVoidedConsumer } from './events/tickets-voided.consumer';
import { messagingTopology, subjects, type MessagingTopology } from './events/subjects';
import { notificationsHandlers } from './grpc/notifications.handlers';
import { publicFormsHandlers } from './grpc/public-forms.handlers';
import {
  defaultSendEmailRetryPolicy,
  enqueueSendEmail,
  SEND_EMAIL_QUEUE,
  startSendEmailWorker,
  type SendEmailRetryPolicy,
} from './jobs/send-email.job';
import { startUnsentSweeper, type UnsentSweeper } from './jobs/sweep-unsent.job';
import { createSmtpMailer } from './mail/smtp-mailer';
import { notificationsEntities } from './persistence/entities';
import { findOrderConfirmation } from './persistence/order-confirmation.repository';
import { initialiseNotificationsMetrics } from './metrics';

export interface NotificationsOptions {
  logger: Logger;
  /** Where each part registers how it stops; main.ts passes the process lifecycle, tests get a private one. */
  lifecycle?: Lifecycle;
  /** Streams and subjects; tests pass an isolated copy (see messagingTopology). */
  topology?: MessagingTopology;
  /** BullMQ queue of send jobs (default 'email-send'). */
  queueName?: string;
  retry?: SendEmailRetryPolicy;
  /** How often the unsent-mail sweeper runs (default one minute). */
  sweepIntervalMs?: number;
  /** How often a consumer of another service's stream looks for it until it exists (default 2 s). */
  streamRetryMs?: number;
  grpcHost?: string;
  /** Clock of the delivery events' signature check (tests move it). */
  now?: () => Date;
}

export interface RunningNotifications {
  grpcPort: number;
  httpPort: number;
  orm: MikroORM;
  sweeper: UnsentSweeper;
  /** Stops every part in the lifecycle's phase order. */
  stop(): Promise<void>;
}

/** The whole service, started in-process: main.ts runs it, integration tests run the same thing. */
export async function startNotifications(config: NotificationsConfig, options: NotificationsOptions): Promise<RunningNotifications> {
  const { logger } = options;
  const namespace = createNamespace(config.namespace);
  const topology = options.topology ?? messagingTopology(namespace);
  const retry = options.retry ?? defaultSendEmailRetryPolicy;
  const sealingKey = parseKey(config.KASSA_SEALING_KEY);
  const now = options.now ?? (() => new Date());
  const lifecycle = options.lifecycle ?? createLifecycle(logger, { handleSignals: false, exit: () => undefined });
  const stop = (): Promise<void> => lifecycle.shutdown('stop');
  const closers = { push: ({ phase, name, fn }: { phase: ShutdownPhase; name: string; fn: () => Promise<void> | void }) => lifecycle.onShutdown(phase, name, fn) };

  try {
    // Database
    const orm = await createOrm({ databaseUrl: config.databaseUrl, entities: notificationsEntities, logger, poolMax: config.databasePoolMax });
    // Every business series from 0, so the first order, scan or e-mail shows in rate() and increase().
    initialiseNotificationsMetrics();
    closers.push({ phase: 'connections', name: 'orm', fn: () => orm.close() });

    // NATS: our own stream for the outbox's subjects. The streams we read are their owners' (identity, ordering,
    // ticketing): our consumers wait until each exists, and our NATS user may not create them.
    const nats = await connectNats({ url: config.natsUrl, name: config.serviceName, user: serviceNatsUser(config.serviceName, config.namespace), logger });
    closers.push({ phase: 'connections', name: 'nats', fn: () => nats.close() });
    await ensureStream(nats.jsm, topology.notificationsStream);

    // Mail and the send queue
    const mailer = createSmtpMailer(config.SMTP_URL);
    closers.push({ phase: 'connections', name: 'smtp', fn: () => mailer.close() });
    const queueName = options.queueName ?? namespace.queue(SEND_EMAIL_QUEUE);
    const queue = createQueue(queueName, { redisUrl: config.redisUrl });
    closers.push({ phase: 'connections', name: 'queue', fn: () => queue.close() });
    const enqueueSend = (messageId: string) => enqueueSendEmail(queue, messageId, retry);

    // Redis for the public forms' rate limits (namespaced keys, like identity's)
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    closers.push({ phase: 'connections', name: 'redis', fn: async () => void (await redis.quit()) });
    const rateLimiter = createRateLimiter(redis, { prefix: namespace.key('kassa:ratelimit:') });

    // Apple Wallet passes, when configured: signed once now, so that a wrong key or passphrase fails the start
    // instead of every confirmation.
    const wallet = walletPassIssuer(config);
    const walletPasses = wallet !== undefined;

    // identity's Authorize for the organiser's calls
    const authorizer = createOrganisationAuthorizer({ identityAddress: config.IDENTITY_GRPC_ADDRESS, callerKey: callerKeyOf(config) });
    closers.push({ phase: 'connections', name: 'identity-client', fn: () => authorizer.close() });

    // gRPC API
    const grpc = createGrpcServer({ logger, port: config.grpcPort, callerVerifiers: callerVerifiersOf(config), host: options.grpcHost });
    grpc.add(
      NotificationsServiceService,
      notificationsHandlers({
        orm,
        authorizer,
        sealingKey,
        enqueueSend,
        webhookSecrets: [config.EMAIL_WEBHOOK_SECRET, ...(config.EMAIL_WEBHOOK_SECRET_PREVIOUS ? [config.EMAIL_WEBHOOK_SECRET_PREVIOUS] : [])],
        statusChangedSubject: subjects.emailStatusChanged,
        walletPasses,
        logger,
        now,
      }),
    );
    grpc.add(
      PublicFormsServiceService,
      publicFormsHandlers({ orm, rateLimiter, sealingKey, contactInbox: config.CONTACT_INBOX, enqueueSend, logger, now: () => new Date() }),
    );
    const grpcPort = await grpc.start();
    closers.push({ phase: 'ingress', name: 'grpc', fn: () => grpc.shutdown() });

    // Consumers: identity's sign-in code requests and invitations (start once identity's stream exists)
    const consumer = startSignInCodeRequestedConsumer({ orm, nats, logger, topology, sealingKey, enqueueSend, streamRetryMs: options.streamRetryMs });
    closers.push({ phase: 'consumers', name: 'signin-code-consumer', fn: () => consumer.stop() });
    const invitations = startMemberInvitedConsumer({ orm, nats, logger, topology, sealingKey, enqueueSend, streamRetryMs: options.streamRetryMs });
    closers.push({ phase: 'consumers', name: 'member-invited-consumer', fn: () => invitations.stop() });

    // Consumer: ordering's refunds (starts once ordering's stream exists; start-up does not wait for it)
    const refunds = startOrderRefundedConsumer({ orm, nats, logger, topology, sealingKey, enqueueSend, streamRetryMs: options.streamRetryMs });
    closers.push({ phase: 'consumers', name: 'order-refunded-consumer', fn: () => refunds.stop() });

    // Consumers: ticketing's issued and voided tickets (start once ticketing's stream exists)
    const issued = startTicketsIssuedConsumer({ orm, nats, logger, topology, sealingKey, enqueueSend, walletPasses, streamRetryMs: options.streamRetryMs });
    closers.push({ phase: 'consumers', name: 'tickets-issued-consumer', fn: () => issued.stop() });
    const voided = startTicketsVoidedConsumer({ orm, nats, logger, topology, streamRetryMs: options.streamRetryMs });
    closers.push({ phase: 'consumers', name: 'tickets-voided-consumer', fn: () => voided.stop() });

    // Worker: render and send
    const worker = startSendEmailWorker({
      queueName,
      redisUrl: config.redisUrl,
      logger,
      send: (attempt) =>
        sendEmail(
          {
            orm,
            mailer,
            sealingKey,
            from: config.MAIL_FROM,
            siteUrl: config.PUBLIC_BASE_URL,
            statusChangedSubject: subjects.emailStatusChanged,
            wallet,
            reasonNotToSend: async (message) => {
              if (message.template !== 'order-confirmation') return undefined;
              const row = await findOrderConfirmation(orm.em.fork(), message.subjectRef);
              return row && isVoided(row.issuedAt, row.voidedAt) ? "the order's tickets were canceled before it was sent" : undefined;
            },
            logger,
          },
          attempt,
        ),
    });
    closers.push({ phase: 'consumers', name: 'send-email-worker', fn: () => worker.close() });

    // Sweeper: re-derives send jobs from PostgreSQL, now and every minute
    const sweeper = startUnsentSweeper({ orm, queue, enqueueSend, logger, intervalMs: options.sweepIntervalMs });
    closers.push({ phase: 'consumers', name: 'unsent-sweeper', fn: () => sweeper.stop() });
    await sweeper.runOnce();

    // Outbox relay: the only publisher of our events
    const relay = startOutboxRelay({ orm, js: nats.js, logger, namespace: topology.namespace });
    closers.push({ phase: 'relays', name: 'outbox-relay', fn: () => relay.stop() });

    // HTTP edge: health, readiness, metrics
    const edge = await startHttpEdge({
      port: config.httpPort,
      logger,
      checks: standardReadinessChecks({ orm, redis: () => redis.ping(), nats }),
    });
    closers.push({ phase: 'ingress', name: 'http-edge', fn: () => edge.close() });
    const httpPort = edge.port;

    logger.info({ grpcPort, httpPort }, 'notifications started');
    return { grpcPort, httpPort, orm, sweeper, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The Wallet pass issuer, or undefined without Wallet configuration; a configuration that cannot sign throws. */
function walletPassIssuer(config: NotificationsConfig): WalletPassIssuer | undefined {
  const signing = loadWalletSigning(config);
  if (!signing) return undefined;
  const issuer = createWalletPassIssuer(signing);
  try {
    issuer.pass(
      {
        orderId: 'ord_00000000000000000000000000',
        orderAccessKey: 'AAAAAAAAAAAAAAAAAAAAAA',
        orderNumber: 'PROB-E000',
        organisationId: 'org_00000000000000000000000000',
        currency: 'EUR',
        lines: [],
        subtotalMinor: 0,
        discountMinor: 0,
        discountCode: '',
        donationMinor: 0,
        feeMinor: 0,
        totalMinor: 0,
        tickets: [],
        events: [],
        issuedAt: new Date(0).toISOString(),
      },
      { id: 'tkt_00000000000000000000000000', accessKey: 'AAAAAAAAAAAAAAAAAAAAAA', reference: 'PROB-E000', code: 'probe', itemName: 'Probe', priceMinor: 0, eventIds: [], position: 1, ofCount: 1 },
      'en',
      config.PUBLIC_BASE_URL,
    );
  } catch (error) {
    throw new Error(`Apple Wallet passes cannot be signed with the configured WALLET_* files: ${(error as Error).message}`, { cause: error });
  }
  return issuer;
}
