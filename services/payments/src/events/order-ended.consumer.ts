import type { Namespace } from '@kassa/platform/config';
import type { Logger } from '@kassa/platform/logging';
import {
  type NatsHandles,
  startConsumer,
  startConsumerWhenStreamExists,
  type StreamWaitingConsumer,
} from '@kassa/platform/messaging';
import { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import { closeOpenAttempts } from '../application/close-open-attempts';
import type { PaymentsContext } from '../application/payments-context';
import { ORDER_ENDED_DURABLE, ORDER_ENDED_SUBJECTS, ORDERING_STREAM, parseOrderingSubject } from './subjects';

/** kassa.ordering.order.expired / .canceled → the order's open attempts are closed at the provider. Inbox-guarded. */
export function startOrderEndedConsumer(
  ctx: PaymentsContext,
  options: { nats: NatsHandles; namespace: Namespace; logger: Logger; streamRetryMs?: number },
): StreamWaitingConsumer {
  const { nats, namespace } = options;
  const log = options.logger.child({ component: 'order-ended-consumer' });
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
        durable: namespace.durable(ORDER_ENDED_DURABLE),
        filterSubjects: ORDER_ENDED_SUBJECTS.map((subject) => namespace.subject(subject)),
        async handle(message, em) {
          const verb = parseOrderingSubject(message.subject)?.verb;
          const orderId = OrderChanged.decode(message.data).order?.id;
          if ((verb !== 'expired' && verb !== 'canceled') || !orderId) return;
          const closed = await closeOpenAttempts(ctx, orderId, verb, em);
          if (closed > 0) log.info({ orderId, verb, closed }, 'open attempts of an ended order closed');
        },
      }),
  });
}
