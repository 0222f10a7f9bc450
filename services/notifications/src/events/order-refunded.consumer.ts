import { startConsumerWhenStreamExists, type StreamWaitingConsumer } from '@kassa/platform/messaging';
import { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import { acceptOrderRefunded } from '../application/accept-order-refunded';
import { type EmailRequestConsumerOptions, startEmailRequestConsumer } from './email-request.consumer';
import { ORDERING_STREAM, subjects } from './subjects';

export const ORDER_REFUNDED_DURABLE = 'notifications-order-refunded';

export interface OrderRefundedConsumerOptions extends EmailRequestConsumerOptions {
  /** How often to look for ordering's stream until it exists (default 2 s). */
  streamRetryMs?: number;
}

/**
 * ordering's "order.refunded" → one e-mail to the guest per refund, in 'created', then a send job. ordering owns its
 * stream: this waits until it exists, then reads it from the start (a durable consumer), so refunds published while
 * notifications was up first, or down, are all told.
 */
export function startOrderRefundedConsumer(options: OrderRefundedConsumerOptions): StreamWaitingConsumer {
  const { nats, namespace } = options;
  return startConsumerWhenStreamExists({
    jsm: nats.jsm,
    stream: namespace.stream(ORDERING_STREAM),
    logger: options.logger.child({ component: ORDER_REFUNDED_DURABLE }),
    owner: 'ordering',
    retryMs: options.streamRetryMs,
    start: () =>
      startEmailRequestConsumer(
        {
          durable: ORDER_REFUNDED_DURABLE,
          stream: ORDERING_STREAM,
          subject: subjects.orderRefunded,
          accept: (em, data, sealingKey) => acceptOrderRefunded(em, OrderChanged.decode(data), { sealingKey }),
        },
        options,
      ),
  });
}
