import { randomBytes } from 'node:crypto';
import { type GrpcCallError, status } from '@kassa/platform/grpc';
import { newId } from '@kassa/platform/ids';
import type { Telemetry } from '@kassa/platform/telemetry';
import { ORDER_ENDED_DURABLE, REFUND_REQUESTED_DURABLE } from '../../src/events/subjects';
import { metricValue, startTestTelemetry } from '@kassa/platform/testing';
import { type PaymentsHarness, startPaymentsHarness, verbsOf } from '../fixtures/payments-harness';

// PaymentService with the built-in demo provider (the one `npm run up` uses), against the real PostgreSQL and
// NATS and a real identity process; ordering is played by the test (an OrderService double and its messages).
jest.setTimeout(60_000);

let h: PaymentsHarness;
let telemetry: Telemetry;
let owner: string;
let viewer: string;
let outsider: string;
let org: string;
const ORIGIN = 'http://localhost:3000';
const key = () => randomBytes(9).toString('base64url');
const as = (userId: string) => ({ actorUserId: userId });
const address = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.test`;
const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected an error'); }, (error: GrpcCallError) => error);

beforeAll(async () => {
  telemetry = startTestTelemetry('payments-test');
  h = await startPaymentsHarness('demo', { identity: true });
  const identity = h.identity!;
  owner = (await identity.signUp(address('owner'))).userId;
  org = await identity.createOrganisation(owner, 'Payments Org');
  viewer = (await identity.addMember(org, owner, address('box-office'), ['orders.view'])).userId;
  outsider = (await identity.signUp(address('outsider'))).userId;
}, 120_000);
afterAll(async () => {
  await h?.stop();
  await telemetry?.shutdown();
});

async function pay(order = h.ordering.addOrder({ organisationId: org })) {
  const { payment } = await h.client.createPayment({ orderId: order.orderId, idempotencyKey: key(), returnOrigin: ORIGIN });
  return { order, payment: payment! };
}

describe('CreatePayment with the demo provider', () => {
  it('starts a pending attempt for the amount ordering states, sends the guest to the test-mode page and publishes payment.pending', async () => {
    const order = h.ordering.addOrder({ organisationId: org, amountMinor: 7_300, currency: 'EUR' });
    const idempotencyKey = key();
    const { payment } = await h.client.createPayment({ orderId: order.orderId, idempotencyKey, returnOrigin: `${ORIGIN}/` });
    expect(payment).toMatchObject({
      orderId: order.orderId, organisationId: org, provider: 'demo', status: 'pending', amount: { amountMinor: 7_300, currency: 'EUR' },
      refundedMinor: 0, redirectUrl: `${ORIGIN}/payments/demo/${payment!.id}`, orderNumber: order.number, testMode: true, failureReason: '',
    });
    expect(payment!.id).toMatch(/^pay_/);
    expect(payment!.providerReference).toBe(`demo_${payment!.id}`);

    // The same key again is the same attempt: no second row, no second message, ordering is not even asked again.
    const calls = h.ordering.calls;
    const again = await h.client.createPayment({ orderId: order.orderId, idempotencyKey, returnOrigin: ORIGIN });
    expect(again.payment).toEqual(payment);
    expect(h.ordering.calls).toBe(calls);
    expect(await h.sql('select id from payment_attempt where order_id = ?', [order.orderId])).toHaveLength(1);
    const messages = await h.waitForPublished((all) => verbsOf(all, payment!.id).length > 0);
    expect(verbsOf(messages, payment!.id)).toEqual(['pending']);
    const pending = messages.find((message) => message.changed?.payment?.id === payment!.id)!;
    expect(pending.subject).toBe('kassa.payments.payment.pending');
    expect(pending.changed).toMatchObject({ change: 'pending', version: 2, payment: { status: 'pending', orderId: order.orderId } });

    // A retry of the order with a new key is a new attempt.
    const retry = await h.client.createPayment({ orderId: order.orderId, idempotencyKey: key(), returnOrigin: ORIGIN });
    expect(retry.payment!.id).not.toBe(payment!.id);
  });

  it('refuses malformed requests, unknown orders and orders that cannot be paid now', async () => {
    const invalid = await failure(h.client.createPayment({ orderId: 'ord_nope', idempotencyKey: 'short', returnOrigin: 'javascript:alert(1)' }));
    expect(invalid.code).toBe(status.INVALID_ARGUMENT);
    expect(invalid.violations).toEqual([
      { field: 'orderId', message: 'ID is invalid' },
      { field: 'idempotencyKey', message: 'Idempotency key is invalid' },
      { field: 'returnOrigin', message: 'Return origin is invalid' },
    ]);
    expect((await failure(h.client.createPayment({ orderId: newId('ord'), idempotencyKey: key(), returnOrigin: ORIGIN }))).code).toBe(status.NOT_FOUND);
    for (const [fields, message] of [
      [{ status: 'paid', payable: false }, 'The order is already paid'],
      [{ status: 'expired', payable: false }, 'The order has expired'],
      [{ status: 'canceled', payable: false }, 'The order was canceled'],
      [{ status: 'reserved', payable: true, amountMinor: 0 }, 'The order has nothing to pay'],
    ] as const) {
      const order = h.ordering.addOrder({ organisationId: org, ...fields });
      const refused = await failure(h.client.createPayment({ orderId: order.orderId, idempotencyKey: key(), returnOrigin: ORIGIN }));
      expect([refused.code, refused.details]).toEqual([status.FAILED_PRECONDITION, message]);
      expect(await h.sql('select 1 from payment_attempt where order_id = ?', [order.orderId])).toEqual([]);
    }
  });
});

describe('GetPayment', () => {
  it('answers one attempt by its id, with the shop for the demo page, anonymously', async () => {
    const { order, payment } = await pay();
    const answer = await h.client.getPayment({ paymentId: payment.id });
    expect(answer).toEqual({ payment, shopId: order.shopId });
    expect((await failure(h.client.getPayment({ paymentId: newId('pay') }))).code).toBe(status.NOT_FOUND);
    expect((await failure(h.client.getPayment({ paymentId: 'ord_1' }))).violations).toEqual([{ field: 'paymentId', message: 'ID is invalid' }]);
  });
});

describe('CompleteDemoPayment', () => {
  it('pay: paid and payment.succeeded once; a repeated or later choice changes nothing', async () => {
    const { payment } = await pay();
    const paid = (await h.client.completeDemoPayment({ paymentId: payment.id, action: 'pay' })).payment!;
    expect(paid).toMatchObject({ status: 'paid', redirectUrl: '', failureReason: '' });
    expect((await h.client.completeDemoPayment({ paymentId: payment.id, action: 'pay' })).payment).toEqual(paid);
    expect((await h.client.completeDemoPayment({ paymentId: payment.id, action: 'fail' })).payment).toEqual(paid);
    const receipts = await h.sql<{ event_id: string; outcome: string }>('select event_id, outcome from provider_event_receipt where payment_id = ?', [payment.id]);
    expect(receipts).toEqual([{ event_id: `demo_${payment.id}_pay`, outcome: 'paid' }]);
    const messages = await h.waitForPublished((all) => verbsOf(all, payment.id).includes('succeeded'));
    expect(verbsOf(messages, payment.id)).toEqual(['pending', 'succeeded']);
    expect(messages.find((message) => message.changed?.change === 'succeeded' && message.changed.payment?.id === payment.id)?.subject).toBe('kassa.payments.payment.succeeded');
  });

  it('fail: failed with a reason and payment.failed; abandon: stays pending; a bad action is refused', async () => {
    const failed = await pay();
    const answer = (await h.client.completeDemoPayment({ paymentId: failed.payment.id, action: 'fail' })).payment!;
    expect(answer).toMatchObject({ status: 'failed', failureReason: 'The payment was declined on the demo provider (test mode)', redirectUrl: '' });
    const abandoned = await pay();
    expect((await h.client.completeDemoPayment({ paymentId: abandoned.payment.id, action: 'abandon' })).payment).toMatchObject({ status: 'pending', redirectUrl: `${ORIGIN}/payments/demo/${abandoned.payment.id}` });
    expect((await failure(h.client.completeDemoPayment({ paymentId: abandoned.payment.id, action: 'refund' }))).violations).toEqual([{ field: 'action', message: 'Action is invalid' }]);
    expect((await failure(h.client.completeDemoPayment({ paymentId: newId('pay'), action: 'pay' }))).code).toBe(status.NOT_FOUND);
    const messages = await h.waitForPublished((all) => verbsOf(all, failed.payment.id).includes('failed'));
    expect(verbsOf(messages, failed.payment.id)).toEqual(['pending', 'failed']);
    expect(verbsOf(messages, abandoned.payment.id)).toEqual(['pending']);
  });
});

describe('ListPayments', () => {
  it("lists the organisation's attempts newest first, by order and status, in pages (one order's for orders.view, all for payments)", async () => {
    const order = h.ordering.addOrder({ organisationId: org });
    const first = (await pay(order)).payment;
    const second = (await pay(order)).payment;
    await h.client.completeDemoPayment({ paymentId: second.id, action: 'pay' });
    const byOrder = await h.client.listPayments({ organisationId: org, orderId: order.orderId, statuses: [], page: undefined }, as(viewer));
    expect(byOrder.payments.map((payment) => [payment.id, payment.status])).toEqual([[second.id, 'paid'], [first.id, 'pending']]);
    expect(byOrder.page).toEqual({ nextPageToken: '', totalSize: 2 });
    const paidOnly = await h.client.listPayments({ organisationId: org, orderId: order.orderId, statuses: ['paid'], page: undefined }, as(owner));
    expect(paidOnly.payments.map((payment) => payment.id)).toEqual([second.id]);
    const page1 = await h.client.listPayments({ organisationId: org, orderId: '', statuses: [], page: { pageSize: 1, pageToken: '' } }, as(owner));
    expect(page1.payments).toHaveLength(1);
    const page2 = await h.client.listPayments({ organisationId: org, orderId: '', statuses: [], page: { pageSize: 1, pageToken: page1.page!.nextPageToken } }, as(owner));
    expect(page2.payments[0]!.id).not.toBe(page1.payments[0]!.id);
    // The whole organisation's list is for those who handle its money: "orders.view" alone sees one order's attempts.
    const wholeList = { organisationId: org, orderId: '', statuses: [], page: undefined };
    expect((await failure(h.client.listPayments(wholeList, as(viewer)))).code).toBe(status.PERMISSION_DENIED);

    // Another organisation's attempts never show, whatever order id is asked for.
    const foreign = (await pay(h.ordering.addOrder())).payment;
    expect((await h.client.listPayments({ organisationId: org, orderId: foreign.orderId, statuses: [], page: undefined }, as(owner))).payments).toEqual([]);
  });

  it('answers outsiders NOT_FOUND, signed-out callers UNAUTHENTICATED and refuses bad filters', async () => {
    const request = { organisationId: org, orderId: '', statuses: [], page: undefined };
    expect((await failure(h.client.listPayments(request, as(outsider)))).code).toBe(status.NOT_FOUND);
    expect((await failure(h.client.listPayments(request))).code).toBe(status.UNAUTHENTICATED);
    const bad = await failure(h.client.listPayments({ organisationId: org, orderId: 'x', statuses: ['paid', 'refunded'], page: undefined }, as(owner)));
    expect(bad.violations).toEqual([{ field: 'orderId', message: 'ID is invalid' }, { field: 'statuses.1', message: 'Status is invalid' }]);
  });
});

describe('GetPaymentSettings', () => {
  it('shows the Standard plan with the demo provider in test mode, three coming-soon providers and the currency', async () => {
    expect(await h.client.getPaymentSettings({ organisationId: org }, as(owner))).toEqual({
      plan: 'standard',
      activeProvider: { key: 'demo', name: 'Demo provider', status: 'test_mode' },
      platformOnlyProviders: [
        { key: 'mollie', name: 'Mollie', status: 'coming_soon' },
        { key: 'adyen', name: 'Adyen', status: 'coming_soon' },
        { key: 'paypal', name: 'PayPal', status: 'coming_soon' },
      ],
      currency: 'EUR',
    });
    expect((await failure(h.client.getPaymentSettings({ organisationId: org }, as(viewer)))).code).toBe(status.PERMISSION_DENIED);
    expect((await failure(h.client.getPaymentSettings({ organisationId: org }, as(outsider)))).code).toBe(status.NOT_FOUND);
  });
});

describe('HandleProviderWebhook without Stripe', () => {
  it('refuses an unknown provider and a provider that is not configured', async () => {
    const payload = Buffer.from('{}');
    expect((await failure(h.client.handleProviderWebhook({ provider: 'paypal', payload, signature: '' }))).violations).toEqual([{ field: 'provider', message: 'Provider is invalid' }]);
    expect((await failure(h.client.handleProviderWebhook({ provider: 'stripe', payload, signature: 't=1,v1=00' }))).code).toBe(status.FAILED_PRECONDITION);
  });
});

describe("ordering's messages", () => {
  it('order.expired and order.canceled close the open attempts and leave the paid one alone', async () => {
    const order = h.ordering.addOrder({ organisationId: org });
    const open = (await pay(order)).payment;
    const paid = (await pay(order)).payment;
    await h.client.completeDemoPayment({ paymentId: paid.id, action: 'pay' });
    await h.processed(ORDER_ENDED_DURABLE, await h.publishOrderChanged('expired', order));
    expect((await h.client.getPayment({ paymentId: open.id })).payment).toMatchObject({ status: 'expired', redirectUrl: '' });
    expect((await h.client.getPayment({ paymentId: paid.id })).payment!.status).toBe('paid');

    const canceledOrder = h.ordering.addOrder({ organisationId: org });
    const toCancel = (await pay(canceledOrder)).payment;
    const msgId = await h.publishOrderChanged('canceled', canceledOrder);
    await h.processed(ORDER_ENDED_DURABLE, msgId);
    await h.publishOrderChanged('canceled', canceledOrder, msgId); // redelivered: the inbox drops it
    expect((await h.client.getPayment({ paymentId: toCancel.id })).payment!.status).toBe('canceled');
    const messages = await h.waitForPublished((all) => verbsOf(all, toCancel.id).includes('canceled') && verbsOf(all, open.id).includes('expired'));
    expect(verbsOf(messages, open.id)).toEqual(['pending', 'expired']);
    expect(verbsOf(messages, toCancel.id)).toEqual(['pending', 'canceled']);
    expect(verbsOf(messages, paid.id)).toEqual(['pending', 'succeeded']);
  });

  it('refund.requested: the demo provider refunds at once, once per refund id, within what was paid', async () => {
    const { order, payment } = await pay(h.ordering.addOrder({ organisationId: org, amountMinor: 5_000 }));
    await h.client.completeDemoPayment({ paymentId: payment.id, action: 'pay' });
    const refund = { refundId: newId('ref'), orderId: order.orderId, organisationId: org, paymentId: payment.id, amountMinor: 2_000, currency: 'EUR', reason: 'organiser' };
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(refund));
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(refund)); // the same refund asked twice
    const tooMuch = { ...refund, refundId: newId('ref'), amountMinor: 3_001 };
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(tooMuch));
    const unknown = { ...refund, refundId: newId('ref'), paymentId: newId('pay') };
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(unknown));

    expect((await h.client.getPayment({ paymentId: payment.id })).payment).toMatchObject({ status: 'paid', refundedMinor: 2_000 });
    const rows = await h.sql<{ id: string; status: string }>('select id, status from refund where payment_id = ? order by created_at', [payment.id]);
    expect(rows).toEqual([{ id: refund.refundId, status: 'succeeded' }, { id: tooMuch.refundId, status: 'failed' }]);
    const messages = await h.waitForPublished((all) => all.filter((message) => message.refunded).length >= 3 && all.some((message) => message.refunded?.refundId === unknown.refundId));
    const outcomes = messages.filter((message) => message.refunded?.orderId === order.orderId).map((message) => [message.subject, message.refunded!.refundId, message.refunded!.status]);
    expect(outcomes).toEqual([
      ['kassa.payments.payment.refunded', refund.refundId, 'succeeded'],
      ['kassa.payments.refund.failed', tooMuch.refundId, 'failed'],
      ['kassa.payments.refund.failed', unknown.refundId, 'failed'],
    ]);
    expect(messages.find((message) => message.refunded?.refundId === tooMuch.refundId)?.refunded?.failureReason).toBe('The refund exceeds what is left of the payment');
  });
});

describe('reconciliation', () => {
  it('expires demo attempts still pending after the order hold, and leaves younger ones open', async () => {
    const held = h.ordering.addOrder({ organisationId: org, expiresAt: new Date(h.clock.now.getTime() + 15 * 60_000) });
    const old = (await pay(held)).payment;
    const young = (await pay(h.ordering.addOrder({ organisationId: org, expiresAt: new Date(h.clock.now.getTime() + 60 * 60_000) }))).payment;
    const start = h.clock.now;
    try {
      h.clock.now = new Date(start.getTime() + 16 * 60_000);
      await h.running.reconciliation.runOnce();
      expect((await h.client.getPayment({ paymentId: old.id })).payment!.status).toBe('expired');
      expect((await h.client.getPayment({ paymentId: young.id })).payment!.status).toBe('pending');
      await h.running.reconciliation.runOnce();
      const messages = await h.waitForPublished((all) => verbsOf(all, old.id).includes('expired'));
      expect(verbsOf(messages, old.id)).toEqual(['pending', 'expired']);
    } finally {
      h.clock.now = start;
    }
  });
});

describe('metrics', () => {
  it('count each outcome once: a payment succeeded or failed, a refund carried out; repeats, abandoned and refused ones not', async () => {
    const outcomes = async () => ({
      succeeded: await metricValue('kassa_payments_total', { outcome: 'succeeded' }),
      failed: await metricValue('kassa_payments_total', { outcome: 'failed' }),
      refunded: await metricValue('kassa_payments_total', { outcome: 'refunded' }),
    });
    const before = await outcomes();
    const { order, payment } = await pay(h.ordering.addOrder({ organisationId: org, amountMinor: 5_000 }));
    await h.client.completeDemoPayment({ paymentId: payment.id, action: 'pay' });
    await h.client.completeDemoPayment({ paymentId: payment.id, action: 'pay' });
    await h.client.completeDemoPayment({ paymentId: payment.id, action: 'fail' });
    await h.client.completeDemoPayment({ paymentId: (await pay()).payment.id, action: 'fail' });
    await h.client.completeDemoPayment({ paymentId: (await pay()).payment.id, action: 'abandon' });
    expect(await outcomes()).toEqual({ succeeded: before.succeeded + 1, failed: before.failed + 1, refunded: before.refunded });

    const refund = { refundId: newId('ref'), orderId: order.orderId, organisationId: org, paymentId: payment.id, amountMinor: 2_000, currency: 'EUR', reason: 'organiser' };
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(refund));
    // The same refund asked again, then one that is refused: handled after the first by the same consumer.
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(refund));
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested({ ...refund, refundId: newId('ref'), amountMinor: 3_001 }));
    expect(await outcomes()).toEqual({ succeeded: before.succeeded + 1, failed: before.failed + 1, refunded: before.refunded + 1 });
  });
});
