import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { PaymentRefunded } from '@kassa/proto/payments/events/v1/events';
import { PAYMENT_REFUNDED_SUBJECT, REFUND_FAILED_SUBJECT } from './subjects';

/** A refund's outcome, in the caller's transaction: payment.refunded when it succeeded, refund.failed otherwise. */
export function publishRefundOutcome(
  em: EntityManager,
  refund: Omit<PaymentRefunded, 'occurredAt'>,
  occurredAt: Date,
): void {
  addToOutbox(em, {
    subject: refund.status === 'succeeded' ? PAYMENT_REFUNDED_SUBJECT : REFUND_FAILED_SUBJECT,
    type: PaymentRefunded,
    message: { ...refund, occurredAt },
    key: refund.orderId,
  });
}
