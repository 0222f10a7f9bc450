import type { Namespace } from '@kassa/platform/config';
import type { Logger } from '@kassa/platform/logging';
import {
  type NatsHandles,
  startConsumer,
  startConsumerWhenStreamExists,
  type StreamWaitingConsumer,
} from '@kassa/platform/messaging';
import { EmailStatusChanged } from '@kassa/proto/notifications/events/v1/events';
import type { MikroORM } from '@mikro-orm/postgresql';
import { isOrderEmail, projectEmailDelivery } from '../application/project-email-delivery';
import { EMAIL_DELIVERIES_DURABLE, EMAIL_STATUS_CHANGED_SUBJECT, NOTIFICATIONS_STREAM } from './subjects';

/**
 * notifications' delivery reports of e-mails to guests → the dashboard's failed e-mails: an inbox-guarded durable
 * consumer, started once notifications' stream exists (notifications owns it).
 */
export function startEmailDeliveriesConsumer(options: {
  orm: MikroORM;
  nats: NatsHandles;
  logger: Logger;
  namespace: Namespace;
  streamRetryMs?: number;
}): StreamWaitingConsumer {
  const { nats, namespace } = options;
  const stream = namespace.stream(NOTIFICATIONS_STREAM);
  return startConsumerWhenStreamExists({
    jsm: nats.jsm,
    stream,
    logger: options.logger.child({ component: 'email-deliveries' }),
    owner: 'notifications',
    retryMs: options.streamRetryMs,
    start: () =>
      startConsumer({
        orm: options.orm,
        js: nats.js,
        jsm: nats.jsm,
        logger: options.logger,
        stream,
        durable: namespace.durable(EMAIL_DELIVERIES_DURABLE),
        filterSubjects: [namespace.subject(EMAIL_STATUS_CHANGED_SUBJECT)],
        // Most e-mails are not about orders (sign-in codes above all): acknowledged without a transaction.
        accepts: (message) => isOrderEmail(EmailStatusChanged.decode(message.data)),
        handle: (message, em) => projectEmailDelivery(em, EmailStatusChanged.decode(message.data)),
      }),
  });
}
