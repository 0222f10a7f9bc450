import { IDEMPOTENCY_KEY_PATTERN } from '@kassa/contracts/idempotency-key';
import { FailedPreconditionError, NotFoundError, Violations } from '@kassa/platform/errors';
import { accessKeyMatches, newId } from '@kassa/platform/ids';
import { crashPoint } from '@kassa/platform/lifecycle';
import type { CreatePaymentRequest, CreatePaymentResponse } from '@kassa/proto/payments/v1/payments';
import { type PaymentAttempt, PaymentAttemptEntity } from '../persistence/payment-attempt.entity';
import { ORDER_NOT_FOUND } from './payment-records';
import { toPaymentMessage } from './payment-views';
import type { PayableOrder, PaymentsContext } from './payments-context';
import { attestedOrder } from './attested-order';
import { startAtProvider } from './start-attempt';

/** The reason an order cannot take a new attempt, in words for the guest's page and the logs. */
function notPayableReason(order: PayableOrder): string {
  switch (order.status) {
    case 'paid':
      return 'The order is already paid';
    case 'expired':
      return 'The order has expired';
    case 'canceled':
      return 'The order was canceled';
    default:
      return order.amountMinor <= 0 ? 'The order has nothing to pay' : 'The order cannot be paid now';
  }
}

function checkRequest(request: CreatePaymentRequest): { returnOrigin: string } {
  const violations = new Violations();
  violations.id('orderId', request.orderId, 'ord');
  violations.string('idempotencyKey', request.idempotencyKey, {
    label: 'Idempotency key',
    required: true,
    pattern: IDEMPOTENCY_KEY_PATTERN,
  });
  const origin = violations.string('returnOrigin', request.returnOrigin, {
    label: 'Return origin',
    required: true,
    maxLength: 200,
    check: isOrigin,
  });
  violations.throwIfAny();
  return { returnOrigin: origin.replace(/\/$/, '') };
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/**
 * Starts a payment attempt. Idempotent per (order, idempotency key): the retry of a call finds its attempt (and
 * finishes it when a crash left it 'created'). The amount, currency and organisation come from ordering, never
 * from the caller. The attempt is committed as 'created' BEFORE the provider is called, so the provider's object
 * always has a row that names it (its idempotency key is the attempt id).
 */
export async function createPayment(
  ctx: PaymentsContext,
  request: CreatePaymentRequest,
): Promise<CreatePaymentResponse> {
  const { returnOrigin } = checkRequest(request);
  // Right after a checkout, ordering's own statement of the order (attested-order.ts) stands in for asking ordering;
  // a retried call with it finds its attempt through the insert's conflict below.
  const attested = attestedOrder(ctx, request.payableOrderAttestation ?? '', request.orderId);
  if (!attested) {
    const existing = await findByKey(ctx, request.orderId, request.idempotencyKey);
    if (existing) return answerExisting(ctx, existing, request.orderAccessKey);
  }

  const order = attested ?? (await ctx.orders.getPayableOrder(request.orderId));
  // Only whoever holds the guest's key starts a payment: the same answer as an unknown order otherwise.
  if (!accessKeyMatches(order.accessKey, request.orderAccessKey)) throw new NotFoundError(ORDER_NOT_FOUND);
  if (!order.payable || order.amountMinor <= 0) throw new FailedPreconditionError(notPayableReason(order));

  const provider = ctx.providers.active;
  const now = ctx.now();
  const id = newId('pay');
  // One statement, committed on its own: a concurrent call with the same key may have won the race; the unique key
  // decides, and the loser reads the winner's row.
  const em = ctx.orm.em.fork();
  const [row] = await em.execute<Record<string, unknown>[]>(
    `insert into payment_attempt (id, order_id, organisation_id, shop_id, order_number, provider, status, amount_minor, currency,
       refunded_minor, idempotency_key, test_mode, return_origin, order_access_key, email, locale, hold_expires_at, provider_expires_at, version, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 'created', ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
     on conflict (order_id, idempotency_key) do nothing
     returning *`,
    [
      id,
      order.orderId,
      order.organisationId,
      order.shopId,
      order.number,
      provider.name,
      order.amountMinor,
      order.currency,
      request.idempotencyKey,
      provider.testMode,
      returnOrigin,
      order.accessKey,
      order.email,
      order.locale === 'nl' ? 'nl' : 'en',
      order.expiresAt,
      provider.expiryFor(now, order.expiresAt),
      now,
      now,
    ],
  );
  crashPoint('payments.after-attempt-created');
  if (!row) {
    const earlier = await findByKey(ctx, request.orderId, request.idempotencyKey);
    if (!earlier) throw new Error('payment attempt vanished after its insert');
    return answerExisting(ctx, earlier, request.orderAccessKey);
  }
  const attempt = em.map(PaymentAttemptEntity, row);
  return { payment: toPaymentMessage(await startAtProvider(ctx, attempt)) };
}

/** An attempt an earlier call with the same key made: answered to whoever holds the order's key, and nobody else. */
async function answerExisting(
  ctx: PaymentsContext,
  attempt: PaymentAttempt,
  orderAccessKey: string,
): Promise<CreatePaymentResponse> {
  if (!accessKeyMatches(attempt.orderAccessKey, orderAccessKey)) throw new NotFoundError(ORDER_NOT_FOUND);
  return { payment: toPaymentMessage(await resume(ctx, attempt)) };
}

/** A retried call: an attempt a crash left 'created' is taken to the provider again; any other is answered as it is. */
async function resume(ctx: PaymentsContext, attempt: PaymentAttempt): Promise<PaymentAttempt> {
  return attempt.status === 'created' ? startAtProvider(ctx, attempt) : attempt;
}

function findByKey(ctx: PaymentsContext, orderId: string, idempotencyKey: string): Promise<PaymentAttempt | null> {
  return ctx.orm.em.fork().findOne(PaymentAttemptEntity, { orderId, idempotencyKey });
}
