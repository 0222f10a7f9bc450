import { FailedPreconditionError, NotFoundError, Violations, messages } from '@kassa/platform/errors';
import { accessKeyMatches } from '@kassa/platform/ids';
import type { CompleteDemoPaymentRequest, CompleteDemoPaymentResponse } from '@kassa/proto/payments/v1/payments';
import { isFinal, type PaymentStatus } from '../domain/payment-status';
import { demoEvent, isDemoAction } from '../domain/provider-event';
import { applyProviderEvent } from './apply-provider-event';
import { loadAttempt, PAYMENT_NOT_FOUND } from './payment-records';
import { toPaymentMessage } from './payment-views';
import type { PaymentsContext } from './payments-context';

/**
 * The guest's Pay / Fail / Abandon on the demo provider's test-mode page, applied through the same "apply a
 * provider event once" path as Stripe's webhooks. A repeated choice is a replay and changes nothing; a choice
 * after the attempt ended (paid, failed, expired, canceled) changes nothing either: the page shows the outcome.
 */
export async function completeDemoPayment(
  ctx: PaymentsContext,
  request: CompleteDemoPaymentRequest,
): Promise<CompleteDemoPaymentResponse> {
  const violations = new Violations();
  violations.id('paymentId', request.paymentId, 'pay');
  if (!isDemoAction(request.action)) violations.add('action', messages.invalid('Action'));
  violations.throwIfAny();
  const action = request.action as Parameters<typeof demoEvent>[1];

  const attempt = await loadAttempt(ctx.orm.em.fork(), request.paymentId);
  if (!accessKeyMatches(attempt.orderAccessKey, request.orderAccessKey)) throw new NotFoundError(PAYMENT_NOT_FOUND);
  if (attempt.provider !== 'demo')
    throw new FailedPreconditionError('This payment was not made with the demo provider');
  if (ctx.providers.active.name !== 'demo') throw new FailedPreconditionError('The demo provider is not enabled');
  if (isFinal(attempt.status as PaymentStatus)) return { payment: toPaymentMessage(attempt) };

  const result = await applyProviderEvent(
    ctx,
    demoEvent(attempt.id, action, { amountMinor: attempt.amountMinor, currency: attempt.currency }),
  );
  return { payment: toPaymentMessage(result.attempt ?? (await loadAttempt(ctx.orm.em.fork(), attempt.id))) };
}
