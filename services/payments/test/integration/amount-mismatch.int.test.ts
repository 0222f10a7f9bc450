import { randomBytes } from 'node:crypto';
import { PaymentChanged } from '@kassa/proto/payments/events/v1/events';
import type { Telemetry } from '@kassa/platform/telemetry';
import { metricValue, startTestTelemetry } from '@kassa/platform/testing';
import { type PaymentsHarness, startPaymentsHarness, verbsOf } from '../fixtures/payments-harness';
import type { StandInSession, StripeStandIn } from '@kassa/testing/stripe-stand-in';

// Issue 16: a provider's success is applied only when it took exactly what the order asks. Stripe through the real
// SDK against the local stand-in of its API (testing/src/stripe-stand-in.ts), with webhooks signed by the SDK.
jest.setTimeout(60_000);

let h: PaymentsHarness;
let stripe: StripeStandIn;
let telemetry: Telemetry;
const ORIGIN = 'https://tickets.example.test';

beforeAll(async () => {
  telemetry = startTestTelemetry('payments-mismatch-test');
  h = await startPaymentsHarness('mismatch', { provider: 'stripe' });
  stripe = h.stripe!;
}, 120_000);
afterAll(async () => {
  await h?.stop();
  await telemetry?.shutdown();
});

/** An order of 100.00 EUR and its attempt's Checkout Session at the stand-in. */
async function pay() {
  const order = h.ordering.addOrder({
    amountMinor: 10_000,
    currency: 'EUR',
    expiresAt: new Date(h.clock.now.getTime() + 60 * 60_000),
  });
  const { payment } = await h.client.createPayment({
    orderId: order.orderId,
    idempotencyKey: randomBytes(9).toString('base64url'),
    returnOrigin: ORIGIN,
    orderAccessKey: order.accessKey,
  });
  const session = stripe.sessions.get(payment!.providerReference)!;
  expect(session).toMatchObject({ amount_total: 10_000, currency: 'eur' });
  return { order, payment: payment!, session };
}
const webhook = (delivery: { payload: Buffer; signature: string }) =>
  h.client.handleProviderWebhook({ provider: 'stripe', ...delivery });
/** The guest pays the session at Stripe, but Stripe charged `change`d figures (a tampered or misconfigured checkout). */
const payWrongly = (session: StandInSession, change: Partial<Pick<StandInSession, 'amount_total' | 'currency'>>) =>
  Object.assign(stripe.complete(session.id), change);

const attemptRow = async (paymentId: string) =>
  (
    await h.sql(
      `select status, amount_minor::int as amount_minor, currency, flag_reason, received_minor::int as received_minor, received_currency,
        refunded_minor::int as refunded_minor, failure_reason, flagged_at is not null as flagged from payment_attempt where id = ?`,
      [paymentId],
    )
  )[0];
const refundRows = (paymentId: string) =>
  h.sql('select reason, amount_minor::int as amount_minor, currency, status from refund where payment_id = ?', [
    paymentId,
  ]);
const refundsAtStripe = (paymentId: string) =>
  [...stripe.refunds.values()].filter((refund) => refund.metadata.payment_id === paymentId);
/** Refund calls at the stand-in for this attempt's refunds (each carries its refund id as idempotency key). */
async function refundCallsAtStripe(paymentId: string) {
  const ids = (await h.sql<{ id: string }>('select id from refund where payment_id = ?', [paymentId])).map(
    (row) => row.id,
  );
  return stripe.requests.filter(
    (request) =>
      request.method === 'POST' && request.path === '/v1/refunds' && ids.includes(request.idempotencyKey ?? ''),
  );
}
/** payment.succeeded rows payments' outbox holds for this attempt (published or not). */
async function succeededInOutbox(paymentId: string) {
  const rows = await h.sql<{ payload: Buffer }>(
    "select payload from outbox where subject like '%kassa.payments.payment.succeeded'",
  );
  return rows.filter((row) => PaymentChanged.decode(row.payload).payment?.id === paymentId);
}
const outcomes = async () => ({
  succeeded: await metricValue('kassa_payments_total', {
    outcome: 'succeeded',
  }),
  flagged: await metricValue('kassa_payments_total', { outcome: 'flagged' }),
  refunded: await metricValue('kassa_payments_total', { outcome: 'refunded' }),
});

/** Waits for the flagged payment's refund to be carried out at the stand-in and recorded. */
async function refunded(paymentId: string) {
  await h.eventually(
    async () => (await refundRows(paymentId)).some((row) => row.status === 'succeeded'),
    `the refund of ${paymentId} recorded succeeded`,
  );
  return h.waitForPublished((all) => verbsOf(all, paymentId).includes('refund:succeeded'));
}

describe('a Stripe success for another sum than the order asks', () => {
  it('amount: not applied (no payment.succeeded), the attempt flagged amount_mismatch, what was taken refunded once however often the webhook comes', async () => {
    const before = await outcomes();
    const { payment, session } = await pay();
    const paid = payWrongly(session, { amount_total: 9_000 });
    const delivery = stripe.webhook('checkout.session.completed', paid);
    expect(await webhook(delivery)).toEqual({ eventId: delivery.eventId, applied: true });

    expect(await attemptRow(payment.id)).toEqual({
      status: 'failed',
      amount_minor: 10_000,
      currency: 'EUR',
      flag_reason: 'amount_mismatch',
      received_minor: 9_000,
      received_currency: 'EUR',
      refunded_minor: 0,
      failure_reason: 'The amount paid differs from the order total, so the payment was not accepted and is refunded',
      flagged: true,
    });
    expect(
      await h.sql('select outcome from provider_event_receipt where provider = ? and event_id = ?', [
        'stripe',
        delivery.eventId,
      ]),
    ).toEqual([{ outcome: 'flagged_amount_mismatch' }]);

    const messages = await refunded(payment.id);
    expect(refundsAtStripe(payment.id)).toEqual([
      expect.objectContaining({ amount: 9_000, payment_intent: paid.payment_intent, status: 'succeeded' }),
    ]);
    expect(await refundRows(payment.id)).toEqual([
      { reason: 'amount_mismatch', amount_minor: 9_000, currency: 'EUR', status: 'succeeded' },
    ]);
    expect(await attemptRow(payment.id)).toMatchObject({
      status: 'failed',
      flag_reason: 'amount_mismatch',
      refunded_minor: 9_000,
    });
    expect(verbsOf(messages, payment.id)).toEqual(['pending', 'failed', 'refund:succeeded']);
    expect(await succeededInOutbox(payment.id)).toEqual([]);

    // The same delivery again, Stripe's re-signed retry of it, and another success event about the same session:
    // none applies anything, none refunds again.
    expect(await webhook(delivery)).toEqual({ eventId: delivery.eventId, applied: false });
    const retry = stripe.webhook('checkout.session.completed', paid, { eventId: delivery.eventId });
    expect(await webhook(retry)).toEqual({ eventId: delivery.eventId, applied: false });
    const later = stripe.webhook('checkout.session.async_payment_succeeded', paid);
    expect(await webhook(later)).toEqual({ eventId: later.eventId, applied: true });
    expect(
      await h.sql('select outcome from provider_event_receipt where provider = ? and event_id = ?', [
        'stripe',
        later.eventId,
      ]),
    ).toEqual([{ outcome: 'flagged_ignored_paid' }]);
    // A refund is carried out after the commit, so give a wrongly scheduled second one the time to show.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(refundsAtStripe(payment.id)).toHaveLength(1);
    expect(await refundCallsAtStripe(payment.id)).toHaveLength(1);
    expect(await refundRows(payment.id)).toHaveLength(1);
    expect(await attemptRow(payment.id)).toMatchObject({
      status: 'failed',
      flag_reason: 'amount_mismatch',
      refunded_minor: 9_000,
    });
    expect(verbsOf(await h.published(), payment.id)).toEqual(['pending', 'failed', 'refund:succeeded']);
    expect(await succeededInOutbox(payment.id)).toEqual([]);
    expect(await outcomes()).toEqual({
      succeeded: before.succeeded,
      flagged: before.flagged + 1,
      refunded: before.refunded + 1,
    });
  });

  it('currency: the right number in another currency is not applied either, flagged currency_mismatch and refunded in that currency', async () => {
    const { payment, session } = await pay();
    const paid = payWrongly(session, { currency: 'usd' });
    const delivery = stripe.webhook('checkout.session.completed', paid);
    expect(await webhook(delivery)).toEqual({ eventId: delivery.eventId, applied: true });
    expect(await attemptRow(payment.id)).toMatchObject({
      status: 'failed',
      amount_minor: 10_000,
      currency: 'EUR',
      flag_reason: 'currency_mismatch',
      received_minor: 10_000,
      received_currency: 'USD',
      failure_reason:
        "The payment was made in another currency than the order's, so it was not accepted and is refunded",
    });

    const messages = await refunded(payment.id);
    expect(refundsAtStripe(payment.id)).toEqual([
      expect.objectContaining({
        amount: 10_000,
        currency: 'usd',
        payment_intent: paid.payment_intent,
        status: 'succeeded',
      }),
    ]);
    expect(await refundRows(payment.id)).toEqual([
      { reason: 'currency_mismatch', amount_minor: 10_000, currency: 'USD', status: 'succeeded' },
    ]);
    // Dollars given back are not euros of the attempt.
    expect(await attemptRow(payment.id)).toMatchObject({ refunded_minor: 0 });
    expect(verbsOf(messages, payment.id)).toEqual(['pending', 'failed', 'refund:succeeded']);

    expect(await webhook(delivery)).toEqual({ eventId: delivery.eventId, applied: false });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(refundsAtStripe(payment.id)).toHaveLength(1);
    expect(await refundCallsAtStripe(payment.id)).toHaveLength(1);
    expect(await succeededInOutbox(payment.id)).toEqual([]);
  });

  it('the reconciliation sweep checks what it finds the same way: a lost webhook of a wrong payment is flagged and refunded, not paid', async () => {
    const { payment, session } = await pay();
    payWrongly(session, { amount_total: 12_000 }); // the webhook never comes
    const start = h.clock.now;
    try {
      h.clock.now = new Date(start.getTime() + 11 * 60_000);
      await h.running.reconciliation.runOnce();
    } finally {
      h.clock.now = start;
    }
    expect(await attemptRow(payment.id)).toMatchObject({
      status: 'failed',
      flag_reason: 'amount_mismatch',
      received_minor: 12_000,
      received_currency: 'EUR',
    });
    const messages = await refunded(payment.id);
    expect(refundsAtStripe(payment.id)).toEqual([expect.objectContaining({ amount: 12_000, status: 'succeeded' })]);
    expect(verbsOf(messages, payment.id)).toEqual(['pending', 'failed', 'refund:succeeded']);
    expect(await succeededInOutbox(payment.id)).toEqual([]);
  });

  it('the right sum in lower case is applied as before: paid and payment.succeeded, nothing flagged or refunded', async () => {
    const { payment, session } = await pay();
    const delivery = stripe.webhook('checkout.session.completed', stripe.complete(session.id));
    expect(await webhook(delivery)).toEqual({ eventId: delivery.eventId, applied: true });
    expect(await attemptRow(payment.id)).toMatchObject({
      status: 'paid',
      flag_reason: null,
      received_minor: null,
      flagged: false,
    });
    const messages = await h.waitForPublished((all) => verbsOf(all, payment.id).includes('succeeded'));
    expect(verbsOf(messages, payment.id)).toEqual(['pending', 'succeeded']);
    expect(await refundRows(payment.id)).toEqual([]);
  });
});
