import { Violations } from '@kassa/platform/errors';
import type { GetPaymentRequest, GetPaymentResponse } from '@kassa/proto/payments/v1/payments';
import { loadAttempt } from './payment-records';
import { toPaymentMessage } from './payment-views';
import type { PaymentsContext } from './payments-context';

/** One attempt for the guest's order page and the demo page; anonymous: the unguessable id is the capability. */
export async function getPayment(ctx: PaymentsContext, request: GetPaymentRequest): Promise<GetPaymentResponse> {
  const violations = new Violations();
  violations.id('paymentId', request.paymentId, 'pay');
  violations.throwIfAny();
  const attempt = await loadAttempt(ctx.orm.em.fork(), request.paymentId);
  return { payment: toPaymentMessage(attempt), shopId: attempt.shopId };
}
