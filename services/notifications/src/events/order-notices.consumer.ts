import { startConsumerWhenStreamExists, type StreamWaitingConsumer } from '@kassa/platform/messaging';
import { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import { acceptOrderNotice } from '../application/accept-order-notice';
import { type EmailRequestConsumerOptions, startEmailRequestConsumer } from './email-request.consumer';
import { ORDERING_STREAM, subjects } from './subjects';

export const ORDER_NOTICES_DURABLE = 'notifications-order-notices';
/** The order changes that may tell the guest something without money moving (domain/order-notice.ts). */
export const ORDER_NOTICE_SUBJECTS = [subjects.orderPaymentFailed, subjects.orderExpired, subjects.orderCanceled];

export interface OrderNoticesConsumerOptions extends EmailRequestConsumerOptions {
  /** How often to look for ordering's stream until it exists (default 2 s). */
  streamRetryMs?: number;
}

/**
 * ordering's "order.payment_failed", "order.expired" and "order.canceled" → at most one e-mail to the guest per
 * change, then a send job. Waits for ordering's stream like the refund consumer, and reads it from the start.
 */
export function startOrderNoticesConsumer(options: OrderNoticesConsumerOptions): StreamWaitingConsumer {
  const { nats, namespace } = options;
  return startConsumerWhenStreamExists({
    jsm: nats.jsm,
    stream: namespace.stream(ORDERING_STREAM),
    logger: options.logger.child({ component: ORDER_NOTICES_DURABLE }),
    owner: 'ordering',
    retryMs: options.streamRetryMs,
    start: () =>
      startEmailRequestConsumer(
        {
          durable: ORDER_NOTICES_DURABLE,
          stream: ORDERING_STREAM,
          subject: ORDER_NOTICE_SUBJECTS,
          accept: (em, data, sealingKey) => acceptOrderNotice(em, OrderChanged.decode(data), { sealingKey }),
        },
        options,
      ),
  });
}
