import { crashPoint } from '@kassa/platform/lifecycle';
import { publishPaymentChanged } from '../events/payment-changed.publisher';
import type { PaymentAttempt } from '../persistence/payment-attempt.entity';
import { loadAttempt, touch } from './payment-records';
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
  return ctx.orm.em.fork().transactional(async (em) => {
    const current = await loadAttempt(em, attempt.id, true);
    // Something else moved it meanwhile (a webhook, the reconciliation, the order's end): keep what it did.
    if (current.status !== 'created') return current;
    current.status = 'pending';
    current.providerReference = created.providerReference;
    current.redirectUrl = created.redirectUrl;
    touch(current, ctx.now());
    publishPaymentChanged(em, current, 'pending', current.updatedAt);
    return current;
  });
}
