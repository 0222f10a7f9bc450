import type { EntityManager } from '@mikro-orm/postgresql';
import { OPEN_STATUSES } from '../domain/payment-status';
import type { ProviderEvent, ReportedPaymentStatus } from '../domain/provider-event';
import { type PaymentAttempt, PaymentAttemptEntity } from '../persistence/payment-attempt.entity';
import { applyProviderEvent } from './apply-provider-event';
import type { PaymentsContext } from './payments-context';

/**
 * An order ended unpaid (kassa.ordering.order.expired / .canceled): its open attempts are closed at the provider
 * (Stripe: the session is expired) so nobody can pay them any more, and recorded expired or canceled. A session the
 * guest paid a moment before is recorded paid instead, through the same path: ordering then re-reserves or refunds.
 */
export async function closeOpenAttempts(
  ctx: PaymentsContext,
  orderId: string,
  reason: 'expired' | 'canceled',
  em: EntityManager,
): Promise<number> {
  const attempts = await em.find(
    PaymentAttemptEntity,
    { orderId, status: { $in: [...OPEN_STATUSES] } },
    { orderBy: { id: 'asc' } },
  );
  for (const attempt of attempts) await closeAttempt(ctx, attempt, reason, `order_${reason}`, em);
  return attempts.length;
}

/** Closes one attempt at its provider and applies what the provider says it is now. */
export async function closeAttempt(
  ctx: PaymentsContext,
  attempt: PaymentAttempt,
  reason: 'expired' | 'canceled',
  source: string,
  em?: EntityManager,
): Promise<void> {
  // A 'created' attempt has no provider object anybody could pay: its creation never answered the guest.
  const state = attempt.providerReference
    ? await ctx.providers
        .get(attempt.provider)
        .cancel({ paymentId: attempt.id, providerReference: attempt.providerReference })
    : { status: reason as ReportedPaymentStatus };
  const status: ReportedPaymentStatus =
    state.status === 'open' || state.status === 'expired' || state.status === 'canceled' ? reason : state.status;
  const event: ProviderEvent = {
    provider: attempt.provider,
    eventId: `${source}_${attempt.id}_${status}`,
    type: `${source}.close`,
    paymentId: attempt.id,
    providerPaymentId: state.providerPaymentId,
    outcome: { kind: 'payment', status, failureReason: state.failureReason, received: state.received },
  };
  await applyProviderEvent(ctx, event, em);
}
