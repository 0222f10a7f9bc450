import { NotFoundError, Violations } from '@kassa/platform/errors';
import { accessKeyMatches } from '@kassa/platform/ids';
import type { GetPaymentRequest, GetPaymentResponse } from '@kassa/proto/payments/v1/payments';
import { loadAttempt, PAYMENT_NOT_FOUND } from './payment-records';
import { toPaymentMessage } from './payment-views';
import type { PaymentsContext } from './payments-context';

/**
 * One attempt for the demo page; anonymous: the key of the attempt's order is the capability (a wrong or missing
 * one is the same NOT_FOUND as an unknown attempt).
 */
export async function getPayment(ctx: PaymentsContext, request: GetPaymentRequest): Promise<GetPaymentResponse> {
  const violations = new Violations();
  violations.id('paymentId', request.paymentId, 'pay');
  violations.throwIfAny();
  const attempt = await loadAttempt(ctx.orm.em.fork(), request.paymentId);
  if (!accessKeyMatches(attempt.orderAccessKey, request.orderAccessKey)) throw new NotFoundError(PAYMENT_NOT_FOUND);
  return { payment: toPaymentMessage(attempt), shopId: attempt.shopId };
}
