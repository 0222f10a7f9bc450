import { Redis } from 'ioredis';
import { createOrganisationAuthorizer } from '@kassa/platform/authorization';
import { parseKey } from '@kassa/platform/crypto';
import { callerKeyOf } from '@kassa/platform/grpc';
import { createQueue } from '@kassa/platform/jobs';
import type { Lifecycle } from '@kassa/platform/lifecycle';
import type { Logger } from '@kassa/platform/logging';
import { createRateLimiter } from '@kassa/platform/ratelimit';
import { grpcService, openServiceConnections, serveService, startServiceRelay } from '@kassa/platform/service';
import { NotificationsServiceService, PublicFormsServiceService } from '@kassa/proto/notifications/v1/notifications';
import { voidedConfirmationReason } from './application/accept-tickets-voided';
import { sendEmail } from './application/send-email';
import type { NotificationsConfig } from './config';
import { walletPassIssuer } from './documents/wallet-signing';
import { startMemberInvitedConsumer } from './events/member-invited.consumer';
import { startOrderNoticesConsumer } from './events/order-notices.consumer';
import { startOrderRefundedConsumer } from './events/order-refunded.consumer';
import { startSignInCodeRequestedConsumer } from './events/signin-code-requested.consumer';
import { NOTIFICATIONS_STREAM, subjects } from './events/subjects';
import { startTicketsIssuedConsumer } from './events/tickets-issued.consumer';
import { startTicketsVoidedConsumer } from './events/tickets-voided.consumer';
import { notificationsHandlers } from './grpc/notifications.handlers';
import { publicFormsHandlers } from './grpc/public-forms.handlers';
import {
  defaultSendEmailRetryPolicy,
  enqueueSendEmail,
  SEND_EMAIL_QUEUE,
  startSendEmailWorker,
  type SendEmailRetryPolicy,
} from './jobs/send-email.job';
import { startUnsentSweeper } from './jobs/sweep-unsent.job';
import { createSmtpMailer } from './mail/smtp-mailer';
import { initialiseNotificationsMetrics } from './metrics';
import { notificationsEntities } from './persistence/entities';

export interface NotificationsOptions {
  /** Retries of the send jobs (default defaultSendEmailRetryPolicy). */
  retry?: SendEmailRetryPolicy;
  /** How often the unsent-mail sweeper runs (default one minute). */
  sweepIntervalMs?: number;
  /** How often a consumer of another service's stream looks for it until it exists (default 2 s). */
  streamRetryMs?: number;
  grpcHost?: string;
  /** Clock of the delivery events' signature check (tests move it). */
  now?: () => Date;
}

/**
 * Starts every part of the notifications service and registers how each one stops.
 * main.ts calls it; integration tests call it too, so they run the real wiring.
 */
export async function startNotifications(
  config: NotificationsConfig,
  logger: Logger,
  lifecycle: Lifecycle,
  options: NotificationsOptions = {},
) {
  // Apple Wallet passes, when configured: signed once now, so that a wrong key or passphrase fails the start
  // instead of every confirmation.
  const wallet = walletPassIssuer(config);
  const walletPasses = wallet !== undefined;

  const connections = await openServiceConnections({
    config: config,
    logger,
    lifecycle,
    entities: notificationsEntities,
    stream: NOTIFICATIONS_STREAM,
  });
  const { orm, nats, namespace } = connections;
  // Every business series from 0, so the first order, scan or e-mail shows in rate() and increase().
  initialiseNotificationsMetrics();
  // Our own stream for the outbox's subjects. The streams we read are their owners' (identity, ordering, ticketing):
  // our consumers wait until each exists, and our NATS user may not create them.

  // identity answers every organiser call's authorisation; nothing about memberships is kept here.
  const authorizer = createOrganisationAuthorizer({
    identityAddress: config.IDENTITY_GRPC_ADDRESS,
    callerKey: callerKeyOf(config),
  });
  lifecycle.onShutdown('connections', 'identity client', () => authorizer.close());

  const mailer = createSmtpMailer(config.SMTP_URL);
  lifecycle.onShutdown('connections', 'smtp', () => mailer.close());
  const queueName = namespace.queue(SEND_EMAIL_QUEUE);
  const queue = createQueue(queueName, { redisUrl: config.redisUrl });
  lifecycle.onShutdown('connections', 'send queue', () => queue.close());
  const retry = options.retry ?? defaultSendEmailRetryPolicy;
  const enqueueSend = (messageId: string) => enqueueSendEmail(queue, messageId, retry);

  // Redis for the public forms' rate limits (namespaced keys, like identity's)
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
  lifecycle.onShutdown('connections', 'redis', async () => void (await redis.quit()));
  const rateLimiter = createRateLimiter(redis, { prefix: namespace.key('kassa:ratelimit:') });

  const sealingKey = parseKey(config.KASSA_SEALING_KEY);
  const now = options.now ?? (() => new Date());

  // identity's sign-in code requests and invitations, ordering's refunds, ticketing's issued and voided tickets. Each
  // waits in the background while its owner's stream does not exist yet, then reads it from its beginning.
  const consumerOptions = {
    orm,
    nats,
    logger,
    namespace,
    sealingKey,
    enqueueSend,
    streamRetryMs: options.streamRetryMs,
  };
  const signInCodes = startSignInCodeRequestedConsumer(consumerOptions);
  lifecycle.onShutdown('consumers', 'sign-in code requests', () => signInCodes.stop());
  const invitations = startMemberInvitedConsumer(consumerOptions);
  lifecycle.onShutdown('consumers', 'member invitations', () => invitations.stop());
  const refunds = startOrderRefundedConsumer(consumerOptions);
  lifecycle.onShutdown('consumers', 'order refunds', () => refunds.stop());
  const notices = startOrderNoticesConsumer(consumerOptions);
  lifecycle.onShutdown('consumers', 'order notices', () => notices.stop());
  const issued = startTicketsIssuedConsumer({ ...consumerOptions, walletPasses });
  lifecycle.onShutdown('consumers', 'tickets issued', () => issued.stop());
  const voided = startTicketsVoidedConsumer({ orm, nats, logger, namespace, streamRetryMs: options.streamRetryMs });
  lifecycle.onShutdown('consumers', 'tickets voided', () => voided.stop());

  // Renders and sends what the consumers and the forms recorded.
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
          reasonNotToSend: (message) => voidedConfirmationReason(orm, message),
          logger,
        },
        attempt,
      ),
  });
  lifecycle.onShutdown('consumers', 'send worker', () => worker.close());
  // Re-derives send jobs from PostgreSQL, now and every minute.
  const sweeper = startUnsentSweeper({ orm, queue, enqueueSend, logger, intervalMs: options.sweepIntervalMs });
  lifecycle.onShutdown('consumers', 'unsent sweeper', () => sweeper.stop());
  await sweeper.runOnce();

  const relay = startServiceRelay(connections, { logger, lifecycle });

  const { grpcPort, httpPort } = await serveService({
    config,
    logger,
    lifecycle,
    grpcHost: options.grpcHost,
    grpc: [
      grpcService(
        NotificationsServiceService,
        notificationsHandlers({
          orm,
          authorizer,
          sealingKey,
          enqueueSend,
          webhookSecrets: [
            config.EMAIL_WEBHOOK_SECRET,
            ...(config.EMAIL_WEBHOOK_SECRET_PREVIOUS ? [config.EMAIL_WEBHOOK_SECRET_PREVIOUS] : []),
          ],
          statusChangedSubject: subjects.emailStatusChanged,
          walletPasses,
          logger,
          now,
        }),
      ),
      grpcService(
        PublicFormsServiceService,
        publicFormsHandlers({
          orm,
          rateLimiter,
          sealingKey,
          contactInbox: config.CONTACT_INBOX,
          enqueueSend,
          logger,
          now: () => new Date(),
        }),
      ),
    ],
    // Redis keeps the send jobs and the public forms' rate limits. SMTP is left out: a mail server that is down
    // delays mail (the jobs retry), it does not make this service unready.
    readiness: { orm, redis: () => redis.ping(), nats },
  });

  logger.info({ grpcPort, httpPort }, 'notifications started');
  return { grpcPort, httpPort, orm, sweeper, relay, namespace, nats };
}
