import type { Namespace } from '@kassa/platform/config';
import type { Logger } from '@kassa/platform/logging';
import {
  type NatsHandles,
  startConsumer,
  startConsumerWhenStreamExists,
  type StreamWaitingConsumer,
} from '@kassa/platform/messaging';
import { RefundRequested } from '@kassa/proto/ordering/events/v1/events';
import type { PaymentsContext } from '../application/payments-context';
import { refundPayment } from '../application/refund-payment';
import { ORDERING_STREAM, REFUND_REQUESTED_DURABLE, REFUND_REQUESTED_SUBJECT } from './subjects';

/** kassa.ordering.refund.requested → the provider refund (idempotency key = refund id) and its outcome. Inbox-guarded. */
export function startRefundRequestedConsumer(
  ctx: PaymentsContext,
  options: { nats: NatsHandles; namespace: Namespace; logger: Logger; streamRetryMs?: number },
): StreamWaitingConsumer {
  const { nats, namespace } = options;
  const stream = namespace.stream(ORDERING_STREAM);
  return startConsumerWhenStreamExists({
    jsm: nats.jsm,
    stream,
    logger: options.logger.child({ component: 'refund-requested-consumer' }),
    owner: 'ordering',
    retryMs: options.streamRetryMs,
    start: () =>
      startConsumer({
        orm: ctx.orm,
        js: nats.js,
        jsm: nats.jsm,
        logger: options.logger,
        stream,
        durable: namespace.durable(REFUND_REQUESTED_DURABLE),
        filterSubjects: namespace.subject(REFUND_REQUESTED_SUBJECT),
        handle: (message, em) => refundPayment(ctx, RefundRequested.decode(message.data), em),
      }),
  });
}
