import { startConsumerWhenStreamExists, type StreamWaitingConsumer } from '@kassa/platform/messaging';
import { TicketsIssued } from '@kassa/proto/ticketing/events/v1/events';
import { acceptTicketsIssued } from '../application/accept-tickets-issued';
import { type EmailRequestConsumerOptions, startEmailRequestConsumer } from './email-request.consumer';
import { subjects, TICKETING_STREAM } from './subjects';

export const TICKETS_ISSUED_DURABLE = 'notifications-tickets-issued';

export interface TicketsIssuedConsumerOptions extends EmailRequestConsumerOptions {
  /** Whether Wallet passes are configured (listed among the confirmation's attachments). */
  walletPasses: boolean;
  /** How often to look for ticketing's stream until it exists (default 2 s). */
  streamRetryMs?: number;
}

/**
 * ticketing's "tickets.issued" → the order confirmation in 'created', then a send job. ticketing owns its stream: this
 * waits until it exists, then reads it from the start, so notifications may start before ticketing.
 */
export function startTicketsIssuedConsumer(options: TicketsIssuedConsumerOptions): StreamWaitingConsumer {
  const { nats, namespace } = options;
  return startConsumerWhenStreamExists({
    jsm: nats.jsm,
    stream: namespace.stream(TICKETING_STREAM),
    logger: options.logger.child({ component: TICKETS_ISSUED_DURABLE }),
    owner: 'ticketing',
    retryMs: options.streamRetryMs,
    start: () =>
      startEmailRequestConsumer(
        {
          durable: TICKETS_ISSUED_DURABLE,
          stream: TICKETING_STREAM,
          subject: subjects.ticketsIssued,
          accept: (em, data, sealingKey) =>
            acceptTicketsIssued(em, TicketsIssued.decode(data), { sealingKey, walletPasses: options.walletPasses }),
        },
        options,
      ),
  });
}
