import type { Logger } from '@kassa/platform/logging';
import { type NatsHandles, startConsumer, startConsumerWhenStreamExists, type StreamWaitingConsumer } from '@kassa/platform/messaging';
import { TicketsVoided } from '@kassa/proto/ticketing/events/v1/events';
import type { MikroORM } from '@mikro-orm/postgresql';
import { acceptTicketsVoided } from '../application/accept-tickets-voided';
import type { MessagingTopology } from './subjects';

export const TICKETS_VOIDED_DURABLE = 'notifications-tickets-voided';

export interface TicketsVoidedConsumerOptions {
  orm: MikroORM;
  nats: NatsHandles;
  logger: Logger;
  topology: MessagingTopology;
  /** How often to look for ticketing's stream until it exists (default 2 s). */
  streamRetryMs?: number;
}

/** ticketing's "tickets.voided" → the order's confirmation is void (Resend refuses it); inbox-guarded, no e-mail. */
export function startTicketsVoidedConsumer(options: TicketsVoidedConsumerOptions): StreamWaitingConsumer {
  const { orm, nats, topology } = options;
  const log = options.logger.child({ component: TICKETS_VOIDED_DURABLE });
  return startConsumerWhenStreamExists({
    jsm: nats.jsm,
    stream: topology.ticketingStream,
    logger: log,
    owner: 'ticketing',
    retryMs: options.streamRetryMs,
    start: () =>
      startConsumer({
        orm,
        js: nats.js,
        jsm: nats.jsm,
        logger: options.logger,
        stream: topology.ticketingStream,
        durable: topology.namespace.durable(TICKETS_VOIDED_DURABLE),
        filterSubjects: topology.subjects.ticketsVoided,
        async handle(message, em) {
          const event = TicketsVoided.decode(message.data);
          const { voided } = await acceptTicketsVoided(em, event);
          log.info({ eventId: message.id, orderId: event.orderId, voided }, 'order confirmation voided');
        },
      }),
  });
}
