// Not a use case: an attempt as the contract's message.
import type { Payment } from '@kassa/proto/payments/v1/payments';
import type { PaymentAttempt } from '../persistence/payment-attempt.entity';

/** An attempt as the API and the events show it. */
export function toPaymentMessage(attempt: PaymentAttempt): Payment {
  return {
    id: attempt.id,
    orderId: attempt.orderId,
    organisationId: attempt.organisationId,
    provider: attempt.provider,
    status: attempt.status,
    amount: { amountMinor: attempt.amountMinor, currency: attempt.currency },
    refundedMinor: attempt.refundedMinor,
    providerReference: attempt.providerReference ?? '',
    redirectUrl: attempt.redirectUrl,
    failureReason: attempt.failureReason,
    createdAt: attempt.createdAt,
    updatedAt: attempt.updatedAt,
    orderNumber: attempt.orderNumber,
    testMode: attempt.testMode,
  };
}
