import type { Namespace } from '@kassa/platform/config';
import type { Logger } from '@kassa/platform/logging';
import {
  type NatsHandles,
  startConsumer,
  startConsumerWhenStreamExists,
  type StreamWaitingConsumer,
} from '@kassa/platform/messaging';
import { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import { applyOrderChanged } from '../application/apply-order-changed';
import type { TicketingContext } from '../application/ticketing-context';
import { ORDER_CHANGED_SUBJECT, ORDERING_STREAM, ORDERS_DURABLE, parseSubject } from './subjects';

/**
 * Every change of every order → its tickets: an inbox-guarded durable pull consumer on ordering's stream, started
 * once that stream exists (ordering owns it). The tickets, their outbox message and the inbox row commit together.
 */
export function startOrderChangedConsumer(
  ctx: TicketingContext,
  options: { nats: NatsHandles; logger: Logger; namespace: Namespace; streamRetryMs?: number },
): StreamWaitingConsumer {
  const { nats, namespace } = options;
  const log = options.logger.child({ component: 'order-changed' });
  const stream = namespace.stream(ORDERING_STREAM);
  return startConsumerWhenStreamExists({
    jsm: nats.jsm,
    stream,
    logger: log,
    owner: 'ordering',
    retryMs: options.streamRetryMs,
    start: () =>
      startConsumer({
        orm: ctx.orm,
        js: nats.js,
        jsm: nats.jsm,
        logger: options.logger,
        stream,
        durable: namespace.durable(ORDERS_DURABLE),
        filterSubjects: namespace.subject(ORDER_CHANGED_SUBJECT),
        async handle(message, em) {
          if (parseSubject(message.subject)?.entity !== 'order') return;
          await applyOrderChanged(ctx, em, OrderChanged.decode(message.data), { deliveryCount: message.deliveryCount });
        },
      }),
  });
}
