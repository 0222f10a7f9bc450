import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@kassa/platform/outbox';
import { PaymentChanged } from '@kassa/proto/payments/events/v1/events';
import type { PaymentChange } from '../domain/payment-status';
import { toPaymentMessage } from '../application/payment-views';
import type { PaymentAttempt } from '../persistence/payment-attempt.entity';
import { paymentSubject } from './subjects';

/** The attempt after the change, in the caller's transaction (the only way payments publishes). */
export function publishPaymentChanged(
  em: EntityManager,
  attempt: PaymentAttempt,
  change: PaymentChange,
  occurredAt: Date,
): void {
  addToOutbox(em, {
    subject: paymentSubject(change),
    type: PaymentChanged,
    message: { payment: toPaymentMessage(attempt), change, occurredAt, version: attempt.version },
    key: attempt.orderId,
  });
}
