import type { FilterQuery } from '@mikro-orm/core';
import { Violations, messages } from '@kassa/platform/errors';
import { pageInfo, readPage } from '@kassa/platform/paging';
import type { ListPaymentsRequest, ListPaymentsResponse } from '@kassa/proto/payments/v1/payments';
import type { CallContext } from '@kassa/platform/grpc';
import { isPaymentStatus } from '../domain/payment-status';
import { type PaymentAttempt, PaymentAttemptEntity } from '../persistence/payment-attempt.entity';
import { toPaymentMessage } from './payment-views';
import { ORDERS_VIEW, PAYMENTS, type PaymentsContext } from './payments-context';

/**
 * An organisation's attempts, newest first, optionally of one order and some statuses. One order's attempts are part
 * of that order ("orders.view"); the whole organisation's ledger is for those who handle its money ("payments").
 */
export async function listPayments(
  ctx: PaymentsContext,
  caller: Pick<CallContext, 'actor'>,
  request: ListPaymentsRequest,
): Promise<ListPaymentsResponse> {
  const violations = new Violations();
  violations.id('organisationId', request.organisationId, 'org');
  if (request.orderId !== '') violations.id('orderId', request.orderId, 'ord');
  request.statuses.forEach((status, index) => {
    if (!isPaymentStatus(status)) violations.add(`statuses.${index}`, messages.invalid('Status'));
  });
  violations.throwIfAny();
  await ctx.authorizer.authorize(caller, request.organisationId, request.orderId !== '' ? ORDERS_VIEW : PAYMENTS);
  const page = readPage(request.page);

  // Scoped by the organisation: another organisation's order id simply finds nothing.
  const where: FilterQuery<PaymentAttempt> = { organisationId: request.organisationId };
  if (request.orderId !== '') where.orderId = request.orderId;
  if (request.statuses.length > 0) where.status = { $in: request.statuses };
  const [attempts, total] = await ctx.orm.em.fork().findAndCount(PaymentAttemptEntity, where, {
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: page.limit,
    offset: page.offset,
  });
  return { payments: attempts.map(toPaymentMessage), page: pageInfo(page, total) };
}
