import type { Namespace } from '@kassa/platform/config';
import { crashPoint } from '@kassa/platform/lifecycle';
import type { Logger } from '@kassa/platform/logging';
import {
  type NatsHandles,
  startConsumer,
  startConsumerWhenStreamExists,
  type StreamWaitingConsumer,
} from '@kassa/platform/messaging';
import { PaymentChanged, PaymentRefunded } from '@kassa/proto/payments/events/v1/events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { applyPaymentFailed, applyPaymentPending, applyPaymentSucceeded } from '../application/apply-payment-changed';
import { applyRefundResult } from '../application/apply-payment-refunded';
import type { OrderingContext } from '../application/ordering-context';
import { canonicalPaymentSubject, PAYMENT_SUBJECTS, PAYMENTS_DURABLE, PAYMENTS_STREAM } from './subjects';

const handlers: Record<string, (ctx: OrderingContext, em: EntityManager, data: Uint8Array) => Promise<void>> = {
  [PAYMENT_SUBJECTS.pending]: async (ctx, em, data) => {
    const message = PaymentChanged.decode(data);
    if (message.payment) await applyPaymentPending(ctx, em, message.payment, ctx.now());
  },
  [PAYMENT_SUBJECTS.succeeded]: async (ctx, em, data) => {
    const message = PaymentChanged.decode(data);
    if (message.payment) await applyPaymentSucceeded(ctx, em, message.payment, ctx.now());
  },
  [PAYMENT_SUBJECTS.failed]: async (ctx, em, data) => {
    const message = PaymentChanged.decode(data);
    if (message.payment) await applyPaymentFailed(ctx, em, message.payment, ctx.now());
  },
  [PAYMENT_SUBJECTS.refunded]: (ctx, em, data) =>
    applyRefundResult(ctx, em, PaymentRefunded.decode(data), true, ctx.now()),
  [PAYMENT_SUBJECTS.refundFailed]: (ctx, em, data) =>
    applyRefundResult(ctx, em, PaymentRefunded.decode(data), false, ctx.now()),
};

/**
 * ordering's saga consumers of payments' events: inbox-guarded durable pull consumers, one per subject, started
 * once payments' stream exists (payments owns it). Each effect and its outbox events commit with the inbox record.
 */
export function startPaymentEventsConsumer(
  ctx: OrderingContext,
  options: { nats: NatsHandles; logger: Logger; namespace: Namespace; streamRetryMs?: number },
): StreamWaitingConsumer {
  const { nats, namespace } = options;
  const log = options.logger.child({ component: 'payment-events' });
  const stream = namespace.stream(PAYMENTS_STREAM);
  return startConsumerWhenStreamExists({
    jsm: nats.jsm,
    stream,
    logger: log,
    owner: 'payments',
    retryMs: options.streamRetryMs,
    start: () =>
      startConsumer({
        orm: ctx.orm,
        js: nats.js,
        jsm: nats.jsm,
        logger: options.logger,
        stream,
        durable: namespace.durable(PAYMENTS_DURABLE),
        filterSubjects: Object.values(PAYMENT_SUBJECTS).map((subject) => namespace.subject(subject)),
        async handle(message, em) {
          const subject = canonicalPaymentSubject(message.subject);
          const handler = subject ? handlers[subject] : undefined;
          if (handler) await handler(ctx, em, message.data);
          else log.debug({ subject: message.subject }, 'not a subject the saga follows; skipped');
        },
        afterCommit(message) {
          // The order is paid (or its refund requested) and committed; payments' message is not yet acknowledged.
          if (canonicalPaymentSubject(message.subject) === PAYMENT_SUBJECTS.succeeded)
            crashPoint('ordering.after-payment-applied');
        },
      }),
  });
}
