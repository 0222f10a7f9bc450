import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '@kassa/platform/ids';
import { afterCommit } from '@kassa/platform/persistence';
import type { ProviderEvent } from '../domain/provider-event';
import { type ReceivedMismatch, mismatchRefund } from '../domain/received-amount';
import { countPaymentOutcome } from '../metrics';
import type { PaymentAttempt } from '../persistence/payment-attempt.entity';
import { carryOutRefund } from './carry-out-refund';
import { flagAttempt } from './payment-records';
import { newRefund } from './refund-records';
import type { PaymentsContext } from './payments-context';

/**
 * A provider reported a payment for another amount or currency than the attempt's (the order's): a tampered or
 * misconfigured checkout must never make an order paid for the wrong sum. Called for a locked attempt from the one
 * "apply a provider event" path, in its transaction, so it happens once per attempt however often the event comes:
 * the attempt is flagged and failed (payment.failed, never payment.succeeded), and a refund of what was received is
 * recorded in the same transaction. Once that committed, the refund is carried out like any other (the provider is
 * asked with the refund id as idempotency key; the reconciliation sweep asks again if this try is cut short).
 */
export function flagMismatchedPayment(
  ctx: PaymentsContext,
  em: EntityManager,
  attempt: PaymentAttempt,
  event: ProviderEvent,
  mismatch: ReceivedMismatch,
  now: Date,
  committing: EntityManager,
): void {
  flagAttempt(em, attempt, mismatch, now);
  const money = mismatchRefund(mismatch);
  const refund = money ? newRefund(em, attempt, { id: newId('ref'), ...money, reason: mismatch.reason }, now) : null;
  countPaymentOutcome(committing, 'flagged');
  const refundId = refund?.id;
  afterCommit(committing, () => {
    // Ids and sums only: never the attempt itself, which holds the guest's key to the order.
    ctx.logger.error(
      {
        orderId: attempt.orderId,
        paymentId: attempt.id,
        provider: event.provider,
        eventId: event.eventId,
        reason: mismatch.reason,
        expected: mismatch.expected,
        received: mismatch.received,
        refundId,
      },
      'payment not applied: the provider took another amount or currency than the order asks; the attempt is flagged and what was taken is refunded',
    );
    if (!refundId) return;
    carryOutRefund(ctx, refundId).catch((error: unknown) => {
      ctx.logger.warn(
        { err: error, refundId, paymentId: attempt.id },
        'refunding a flagged payment failed; the reconciliation sweep tries again',
      );
    });
  });
}
