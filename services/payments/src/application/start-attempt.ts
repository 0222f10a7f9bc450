import { crashPoint } from '@kassa/platform/lifecycle';
import { OUTBOX_INSERT_COLUMNS, outboxRowParams } from '@kassa/platform/outbox';
import { paymentChangedRow } from '../events/payment-changed.publisher';
import type { PaymentAttempt } from '../persistence/payment-attempt.entity';
import { loadAttempt } from './payment-records';
import type { PaymentsContext } from './payments-context';

/**
 * Second half of creating an attempt, after the 'created' row committed: asks the provider for its object with
 * the attempt id as idempotency key and exactly the stored request, then records it as pending and publishes
 * payment.pending. A crash anywhere in between leaves the attempt 'created'; CreatePayment retried with the same
 * key, or the reconciliation, runs this again and the provider answers with the object it made the first time.
 */
export async function startAtProvider(ctx: PaymentsContext, attempt: PaymentAttempt): Promise<PaymentAttempt> {
  const provider = ctx.providers.get(attempt.provider);
  const created = await provider.createAttempt({
    paymentId: attempt.id,
    orderId: attempt.orderId,
    orderNumber: attempt.orderNumber,
    amountMinor: attempt.amountMinor,
    currency: attempt.currency,
    email: attempt.email,
    locale: attempt.locale,
    returnOrigin: attempt.returnOrigin,
    orderAccessKey: attempt.orderAccessKey,
    providerExpiresAt: attempt.providerExpiresAt ?? null,
  });
  crashPoint('payments.after-provider-call');
  const now = ctx.now();
  const pending: PaymentAttempt = {
    ...attempt,
    status: 'pending',
    providerReference: created.providerReference,
    redirectUrl: created.redirectUrl,
    version: attempt.version + 1,
    updatedAt: now,
  };
  // One statement: the attempt moves to pending only if it is still the 'created' row this call read, and
  // payment.pending goes into the outbox with it or not at all (a data-modifying CTE is one transaction).
  const em = ctx.orm.em.fork();
  const moved = await em.execute<{ id: string }[]>(
    `with moved as (
       update payment_attempt set status = 'pending', provider_reference = ?, redirect_url = ?, version = ?, updated_at = ?
       where id = ? and status = 'created' and version = ?
       returning id)
     insert into outbox (${OUTBOX_INSERT_COLUMNS}) select ?, ?, ?, ?::jsonb from moved returning id`,
    [
      pending.providerReference,
      pending.redirectUrl,
      pending.version,
      now,
      attempt.id,
      attempt.version,
      ...outboxRowParams(paymentChangedRow(pending, 'pending', now)),
    ],
  );
  // Something else moved it meanwhile (a webhook, the reconciliation, the order's end, a retry): keep what it did.
  return moved.length === 1 ? pending : loadAttempt(em, attempt.id);
}
