import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox, type OutboxEntry, outboxRow, type OutboxRowValues } from '@kassa/platform/outbox';
import { PaymentChanged } from '@kassa/proto/payments/events/v1/events';
import type { PaymentChange } from '../domain/payment-status';
import { toPaymentMessage } from '../application/payment-views';
import type { PaymentAttempt } from '../persistence/payment-attempt.entity';
import { paymentSubject } from './subjects';

function paymentChanged(attempt: PaymentAttempt, change: PaymentChange, occurredAt: Date): OutboxEntry<PaymentChanged> {
  return {
    subject: paymentSubject(change),
    type: PaymentChanged,
    message: { payment: toPaymentMessage(attempt), change, occurredAt, version: attempt.version },
    key: attempt.orderId,
  };
}

/** The attempt after the change, in the caller's transaction (the way payments publishes). */
export function publishPaymentChanged(
  em: EntityManager,
  attempt: PaymentAttempt,
  change: PaymentChange,
  occurredAt: Date,
): void {
  addToOutbox(em, paymentChanged(attempt, change, occurredAt));
}

/** The same message as an outbox row, for a change written in one statement with its row (start-attempt.ts). */
export function paymentChangedRow(attempt: PaymentAttempt, change: PaymentChange, occurredAt: Date): OutboxRowValues {
  return outboxRow(paymentChanged(attempt, change, occurredAt));
}
