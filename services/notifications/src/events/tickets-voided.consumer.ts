import type { Namespace } from '@kassa/platform/config';
import type { Logger } from '@kassa/platform/logging';
import {
  type NatsHandles,
  startConsumer,
  startConsumerWhenStreamExists,
  type StreamWaitingConsumer,
} from '@kassa/platform/messaging';
import { TicketsVoided } from '@kassa/proto/ticketing/events/v1/events';
import type { MikroORM } from '@mikro-orm/postgresql';
import { acceptTicketsVoided } from '../application/accept-tickets-voided';
import { subjects, TICKETING_STREAM } from './subjects';

export const TICKETS_VOIDED_DURABLE = 'notifications-tickets-voided';

export interface TicketsVoidedConsumerOptions {
  orm: MikroORM;
  nats: NatsHandles;
  logger: Logger;
  namespace: Namespace;
  /** How often to look for ticketing's stream until it exists (default 2 s). */
  streamRetryMs?: number;
}

/** ticketing's "tickets.voided" → the order's confirmation is void (Resend refuses it); inbox-guarded, no e-mail. */
export function startTicketsVoidedConsumer(options: TicketsVoidedConsumerOptions): StreamWaitingConsumer {
  const { orm, nats, namespace } = options;
  const log = options.logger.child({ component: TICKETS_VOIDED_DURABLE });
  const stream = namespace.stream(TICKETING_STREAM);
  return startConsumerWhenStreamExists({
    jsm: nats.jsm,
    stream,
    logger: log,
    owner: 'ticketing',
    retryMs: options.streamRetryMs,
    start: () =>
      startConsumer({
        orm,
        js: nats.js,
        jsm: nats.jsm,
        logger: options.logger,
        stream,
        durable: namespace.durable(TICKETS_VOIDED_DURABLE),
        filterSubjects: namespace.subject(subjects.ticketsVoided),
        async handle(message, em) {
          const event = TicketsVoided.decode(message.data);
          const { voided } = await acceptTicketsVoided(em, event);
          log.info({ eventId: message.id, orderId: event.orderId, voided }, 'order confirmation voided');
        },
      }),
  });
}
