import { randomBytes } from 'node:crypto';
import { PAYABLE_ORDER_ATTESTATION } from '@kassa/contracts/payable-order';
import { GetPayableOrderResponse } from '@kassa/proto/ordering/v1/orders';
import { attest, type GrpcCallError, status } from '@kassa/platform/grpc';
import { newAccessKey, newId } from '@kassa/platform/ids';
import type { Telemetry } from '@kassa/platform/telemetry';
import { ORDER_ENDED_DURABLE, REFUND_REQUESTED_DURABLE } from '../../src/events/subjects';
import { metricValue, startTestTelemetry, testCallerKeyOf } from '@kassa/platform/testing';
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
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected an error');
    },
    (error: GrpcCallError) => error,
  );

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
  const { payment } = await h.client.createPayment({
    orderId: order.orderId,
    idempotencyKey: key(),
    returnOrigin: ORIGIN,
    orderAccessKey: order.accessKey,
  });
  return { order, payment: payment! };
}
type Paid = Awaited<ReturnType<typeof pay>>;
/** The demo page's calls, as the guest makes them: with the key of the attempt's order. */
const get = ({ order, payment }: Paid) =>
  h.client.getPayment({ paymentId: payment.id, orderAccessKey: order.accessKey });
const complete = ({ order, payment }: Paid, action: string) =>
  h.client.completeDemoPayment({ paymentId: payment.id, action, orderAccessKey: order.accessKey });
const attemptCount = async (orderId: string) =>
  (await h.sql<{ n: number }>('select count(*)::int as n from payment_attempt where order_id = ?', [orderId]))[0]!.n;
/** What a refused call must leave alone: the attempt's row, its receipts and what it published. */
async function stateOf(paymentId: string) {
  const [row] = await h.sql(
    'select status, version, provider_reference, updated_at from payment_attempt where id = ?',
    [paymentId],
  );
  const receipts = await h.sql('select event_id from provider_event_receipt where payment_id = ?', [paymentId]);
  return { row, receipts, published: verbsOf(await h.published(), paymentId) };
}
/** Keys that are not the order's: missing, malformed, one character off, another order's. */
const wrongKeysFor = (accessKey: string) => [
  '',
  'not-a-key',
  `${accessKey}A`,
  '!'.repeat(22),
  `${accessKey.slice(0, -1)}${accessKey.endsWith('A') ? 'B' : 'A'}`,
  accessKey.toUpperCase() === accessKey ? accessKey.toLowerCase() : accessKey.toUpperCase(),
  h.ordering.addOrder({ organisationId: org }).accessKey,
  newAccessKey(),
];

describe('CreatePayment with the demo provider', () => {
  it('starts a pending attempt for the amount ordering states, sends the guest to the test-mode page and publishes payment.pending', async () => {
    const order = h.ordering.addOrder({ organisationId: org, amountMinor: 7_300, currency: 'EUR' });
    const idempotencyKey = key();
    const { payment } = await h.client.createPayment({
      orderId: order.orderId,
      idempotencyKey,
      returnOrigin: `${ORIGIN}/`,
      orderAccessKey: order.accessKey,
    });
    expect(payment).toMatchObject({
      orderId: order.orderId,
      organisationId: org,
      provider: 'demo',
      status: 'pending',
      amount: { amountMinor: 7_300, currency: 'EUR' },
      refundedMinor: 0,
      redirectUrl: `${ORIGIN}/payments/demo/${payment!.id}?key=${order.accessKey}`,
      orderNumber: order.number,
      testMode: true,
      failureReason: '',
    });
    expect(await h.sql('select order_access_key from payment_attempt where id = ?', [payment!.id])).toEqual([
      { order_access_key: order.accessKey },
    ]);
    expect(payment!.id).toMatch(/^pay_/);
    expect(payment!.providerReference).toBe(`demo_${payment!.id}`);

    // The same key again is the same attempt: no second row, no second message, ordering is not even asked again.
    const calls = h.ordering.calls;
    const again = await h.client.createPayment({
      orderId: order.orderId,
      idempotencyKey,
      returnOrigin: ORIGIN,
      orderAccessKey: order.accessKey,
    });
    expect(again.payment).toEqual(payment);
    expect(h.ordering.calls).toBe(calls);
    expect(await h.sql('select id from payment_attempt where order_id = ?', [order.orderId])).toHaveLength(1);
    const messages = await h.waitForPublished((all) => verbsOf(all, payment!.id).length > 0);
    expect(verbsOf(messages, payment!.id)).toEqual(['pending']);
    const pending = messages.find((message) => message.changed?.payment?.id === payment!.id)!;
    expect(pending.subject).toBe('kassa.payments.payment.pending');
    expect(pending.changed).toMatchObject({
      change: 'pending',
      version: 2,
      payment: { status: 'pending', orderId: order.orderId },
    });

    // A retry of the order with a new key is a new attempt.
    const retry = await h.client.createPayment({
      orderId: order.orderId,
      idempotencyKey: key(),
      returnOrigin: ORIGIN,
      orderAccessKey: order.accessKey,
    });
    expect(retry.payment!.id).not.toBe(payment!.id);
  });

  it("refuses a missing, malformed or other order's key as NOT_FOUND, like an unknown order, and makes no attempt", async () => {
    const unknown = await failure(
      h.client.createPayment({
        orderId: newId('ord'),
        idempotencyKey: key(),
        returnOrigin: ORIGIN,
        orderAccessKey: newAccessKey(),
      }),
    );
    expect([unknown.code, unknown.details]).toEqual([status.NOT_FOUND, 'Order not found']);
    const order = h.ordering.addOrder({ organisationId: org });
    for (const wrongKey of wrongKeysFor(order.accessKey)) {
      const refused = await failure(
        h.client.createPayment({
          orderId: order.orderId,
          idempotencyKey: key(),
          returnOrigin: ORIGIN,
          orderAccessKey: wrongKey,
        }),
      );
      expect([wrongKey, refused.code, refused.details, refused.violations]).toEqual([
        wrongKey,
        status.NOT_FOUND,
        'Order not found',
        unknown.violations,
      ]);
    }
    expect(await attemptCount(order.orderId)).toBe(0);
    // Nor does a wrong key tell an order that cannot be paid from one that can: the key is asked first.
    const paidOrder = h.ordering.addOrder({ organisationId: org, status: 'paid', payable: false });
    const refused = await failure(
      h.client.createPayment({
        orderId: paidOrder.orderId,
        idempotencyKey: key(),
        returnOrigin: ORIGIN,
        orderAccessKey: order.accessKey,
      }),
    );
    expect([refused.code, refused.details]).toEqual([status.NOT_FOUND, 'Order not found']);

    // The order's own key still opens it afterwards.
    expect((await pay(order)).payment.status).toBe('pending');
    expect(await attemptCount(order.orderId)).toBe(1);
  });

  it('refuses a retry with the same idempotency key but a wrong or missing order key, and leaves the attempt as it was', async () => {
    const order = h.ordering.addOrder({ organisationId: org });
    const other = h.ordering.addOrder({ organisationId: org });
    const idempotencyKey = key();
    const { payment } = await h.client.createPayment({
      orderId: order.orderId,
      idempotencyKey,
      returnOrigin: ORIGIN,
      orderAccessKey: order.accessKey,
    });
    await h.waitForPublished((all) => verbsOf(all, payment!.id).length > 0);
    const before = await stateOf(payment!.id);
    for (const wrongKey of ['', 'not-a-key', other.accessKey, newAccessKey()]) {
      const refused = await failure(
        h.client.createPayment({
          orderId: order.orderId,
          idempotencyKey,
          returnOrigin: ORIGIN,
          orderAccessKey: wrongKey,
        }),
      );
      expect([wrongKey, refused.code, refused.details]).toEqual([wrongKey, status.NOT_FOUND, 'Order not found']);
    }
    expect(await attemptCount(order.orderId)).toBe(1);
    expect(await stateOf(payment!.id)).toEqual(before);
    // The same key as another order's attempt opens nothing of this one either.
    const foreign = await failure(
      h.client.createPayment({
        orderId: other.orderId,
        idempotencyKey,
        returnOrigin: ORIGIN,
        orderAccessKey: order.accessKey,
      }),
    );
    expect(foreign.code).toBe(status.NOT_FOUND);
    expect(await attemptCount(other.orderId)).toBe(0);
    // The right key is still the same attempt.
    const again = await h.client.createPayment({
      orderId: order.orderId,
      idempotencyKey,
      returnOrigin: ORIGIN,
      orderAccessKey: order.accessKey,
    });
    expect(again.payment).toEqual(payment);
  });

  it('refuses malformed requests, unknown orders and orders that cannot be paid now', async () => {
    const invalid = await failure(
      h.client.createPayment({
        orderId: 'ord_nope',
        idempotencyKey: 'short',
        returnOrigin: 'javascript:alert(1)',
        orderAccessKey: '',
      }),
    );
    expect(invalid.code).toBe(status.INVALID_ARGUMENT);
    expect(invalid.violations).toEqual([
      { field: 'orderId', message: 'ID is invalid' },
      { field: 'idempotencyKey', message: 'Idempotency key is invalid' },
      { field: 'returnOrigin', message: 'Return origin is invalid' },
    ]);
    expect(
      (
        await failure(
          h.client.createPayment({
            orderId: newId('ord'),
            idempotencyKey: key(),
            returnOrigin: ORIGIN,
            orderAccessKey: newAccessKey(),
          }),
        )
      ).code,
    ).toBe(status.NOT_FOUND);
    for (const [fields, message] of [
      [{ status: 'paid', payable: false }, 'The order is already paid'],
      [{ status: 'expired', payable: false }, 'The order has expired'],
      [{ status: 'canceled', payable: false }, 'The order was canceled'],
      [{ status: 'reserved', payable: true, amountMinor: 0 }, 'The order has nothing to pay'],
    ] as const) {
      const order = h.ordering.addOrder({ organisationId: org, ...fields });
      const refused = await failure(
        h.client.createPayment({
          orderId: order.orderId,
          idempotencyKey: key(),
          returnOrigin: ORIGIN,
          orderAccessKey: order.accessKey,
        }),
      );
      expect([refused.code, refused.details]).toEqual([status.FAILED_PRECONDITION, message]);
      expect(await h.sql('select 1 from payment_attempt where order_id = ?', [order.orderId])).toEqual([]);
    }
  });
});

describe("CreatePayment right after a checkout: ordering's attestation of the order", () => {
  const { reader, purpose } = PAYABLE_ORDER_ATTESTATION;
  /** An order only the attestation tells payments of: ordering's double has never heard of it. */
  const unknownToOrdering = (fields: Partial<GetPayableOrderResponse> = {}): GetPayableOrderResponse => {
    const order = h.ordering.addOrder({ organisationId: org, amountMinor: 5_150, ...fields });
    h.ordering.orders.delete(order.orderId);
    return order;
  };
  const attestation = (
    order: GetPayableOrderResponse,
    signer = testCallerKeyOf('ordering'),
    at = h.clock.now.getTime(),
  ) => attest(signer, reader, purpose, GetPayableOrderResponse.encode(order).finish(), at);
  const create = (order: GetPayableOrderResponse, payableOrderAttestation: string, idempotencyKey = key()) =>
    h.client.createPayment({
      orderId: order.orderId,
      idempotencyKey,
      returnOrigin: ORIGIN,
      orderAccessKey: order.accessKey,
      payableOrderAttestation,
    });

  it('starts the attempt from it without asking ordering, and a retry with it finds the same attempt', async () => {
    const order = unknownToOrdering();
    const calls = h.ordering.calls;
    const idempotencyKey = key();
    const { payment } = await create(order, attestation(order), idempotencyKey);
    expect(payment).toMatchObject({
      orderId: order.orderId,
      organisationId: org,
      status: 'pending',
      amount: { amountMinor: 5_150, currency: 'EUR' },
      orderNumber: order.number,
    });
    const again = await create(order, attestation(order), idempotencyKey);
    expect(again.payment).toEqual(payment);
    expect(h.ordering.calls).toBe(calls);
    expect(await attemptCount(order.orderId)).toBe(1);
    // The retry with the attestation and someone else's key is refused like an unknown order.
    const stranger = await failure(
      h.client.createPayment({
        orderId: order.orderId,
        idempotencyKey,
        returnOrigin: ORIGIN,
        orderAccessKey: newAccessKey(),
        payableOrderAttestation: attestation(order),
      }),
    );
    expect(stranger.code).toBe(status.NOT_FOUND);
  });

  it('the same call sent many times at once (a double click, a retry racing the first) makes one attempt and one payment.pending', async () => {
    for (const attested of [true, false]) {
      const order = h.ordering.addOrder({ organisationId: org });
      const idempotencyKey = key();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => create(order, attested ? attestation(order) : '', idempotencyKey)),
      );
      const ids = new Set(answers.map((answer) => answer.payment!.id));
      expect(ids.size).toBe(1);
      expect(answers.map((answer) => answer.payment!.status)).toEqual(Array(8).fill('pending'));
      expect(await attemptCount(order.orderId)).toBe(1);
      const [id] = [...ids];
      const messages = await h.waitForPublished((all) => verbsOf(all, id!).length > 0);
      // Given the relay a moment more to publish a second one, were there one.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(verbsOf(await h.published(), id!)).toEqual(['pending']);
      expect(verbsOf(messages, id!)).toEqual(['pending']);
    }
  });

  it("believes nothing but ordering's genuine, fresh statement about this order: anything else asks ordering", async () => {
    const order = h.ordering.addOrder({ organisationId: org, amountMinor: 9_900 });
    const cheaper = { ...order, amountMinor: 1 };
    const genuine = attestation(cheaper);
    const [version, signer, issuedAt, , tag] = genuine.split('.');
    const otherOrder = h.ordering.addOrder({ organisationId: org, amountMinor: 1 });
    for (const offered of [
      // The BFF (or anyone holding its key) signing a lower amount.
      attestation(cheaper, testCallerKeyOf('bff')),
      // ordering's statement with the amount changed on the way (the body of another, the tag of this one).
      [version, signer, issuedAt, attestation({ ...order, amountMinor: 2 }).split('.')[3], tag].join('.'),
      // ordering's statement from more than a minute ago.
      attestation(
        cheaper,
        testCallerKeyOf('ordering'),
        h.clock.now.getTime() - (PAYABLE_ORDER_ATTESTATION.maxAgeSeconds + 5) * 1000,
      ),
      // ordering's genuine statement about another order.
      attestation(otherOrder),
      'not an attestation',
    ]) {
      const calls = h.ordering.calls;
      const { payment } = await create(order, offered);
      expect(h.ordering.calls).toBe(calls + 1);
      expect(payment!.amount).toEqual({ amountMinor: 9_900, currency: 'EUR' });
    }
    // Control: the same statement genuinely signed is believed (so the cases above were turned down for what they
    // are, not because no attestation is ever read).
    const calls = h.ordering.calls;
    const { payment } = await create(order, genuine);
    expect(h.ordering.calls).toBe(calls);
    expect(payment!.amount).toEqual({ amountMinor: 1, currency: 'EUR' });
  });

  it('refuses an attested order whose hold has ended since, and makes no attempt', async () => {
    const order = unknownToOrdering({ expiresAt: new Date(h.clock.now.getTime() - 1_000) });
    const error = await failure(create(order, attestation({ ...order, payable: true })));
    expect(error.code).toBe(status.FAILED_PRECONDITION);
    expect(await attemptCount(order.orderId)).toBe(0);
  });
});

describe('GetPayment', () => {
  it("answers one attempt by its id and its order's key, with the shop for the demo page, anonymously", async () => {
    const paid = await pay();
    const answer = await get(paid);
    expect(answer).toEqual({ payment: paid.payment, shopId: paid.order.shopId });
    expect(
      (await failure(h.client.getPayment({ paymentId: newId('pay'), orderAccessKey: paid.order.accessKey }))).code,
    ).toBe(status.NOT_FOUND);
    expect(
      (await failure(h.client.getPayment({ paymentId: 'ord_1', orderAccessKey: paid.order.accessKey }))).violations,
    ).toEqual([{ field: 'paymentId', message: 'ID is invalid' }]);
  });

  it("answers a missing, malformed or other order's key NOT_FOUND, like an unknown attempt, and changes nothing", async () => {
    const paid = await pay();
    const unknown = await failure(
      h.client.getPayment({ paymentId: newId('pay'), orderAccessKey: paid.order.accessKey }),
    );
    expect([unknown.code, unknown.details]).toEqual([status.NOT_FOUND, 'Payment not found']);
    // Another attempt's own key, which opens that attempt, does not open this one.
    const another = await pay();
    expect((await get(another)).payment!.id).toBe(another.payment.id);
    await h.waitForPublished((all) => verbsOf(all, paid.payment.id).length > 0);
    const before = await stateOf(paid.payment.id);
    for (const wrongKey of [...wrongKeysFor(paid.order.accessKey), another.order.accessKey]) {
      const refused = await failure(h.client.getPayment({ paymentId: paid.payment.id, orderAccessKey: wrongKey }));
      expect([wrongKey, refused.code, refused.details]).toEqual([wrongKey, unknown.code, unknown.details]);
    }
    expect(await stateOf(paid.payment.id)).toEqual(before);
    expect((await get(paid)).payment).toEqual(paid.payment);
  });
});

describe('CompleteDemoPayment', () => {
  it('pay: paid and payment.succeeded once; a repeated or later choice changes nothing', async () => {
    const attempt = await pay();
    const { payment } = attempt;
    const paid = (await complete(attempt, 'pay')).payment!;
    expect(paid).toMatchObject({ status: 'paid', redirectUrl: '', failureReason: '' });
    expect((await complete(attempt, 'pay')).payment).toEqual(paid);
    expect((await complete(attempt, 'fail')).payment).toEqual(paid);
    const receipts = await h.sql<{ event_id: string; outcome: string }>(
      'select event_id, outcome from provider_event_receipt where payment_id = ?',
      [payment.id],
    );
    expect(receipts).toEqual([{ event_id: `demo_${payment.id}_pay`, outcome: 'paid' }]);
    const messages = await h.waitForPublished((all) => verbsOf(all, payment.id).includes('succeeded'));
    expect(verbsOf(messages, payment.id)).toEqual(['pending', 'succeeded']);
    expect(
      messages.find((message) => message.changed?.change === 'succeeded' && message.changed.payment?.id === payment.id)
        ?.subject,
    ).toBe('kassa.payments.payment.succeeded');
  });

  it('fail: failed with a reason and payment.failed; abandon: stays pending; a bad action is refused', async () => {
    const failed = await pay();
    const answer = (await complete(failed, 'fail')).payment!;
    expect(answer).toMatchObject({
      status: 'failed',
      failureReason: 'The payment was declined on the demo provider (test mode)',
      redirectUrl: '',
    });
    const abandoned = await pay();
    expect((await complete(abandoned, 'abandon')).payment).toMatchObject({
      status: 'pending',
      redirectUrl: `${ORIGIN}/payments/demo/${abandoned.payment.id}?key=${abandoned.order.accessKey}`,
    });
    expect((await failure(complete(abandoned, 'refund'))).violations).toEqual([
      { field: 'action', message: 'Action is invalid' },
    ]);
    expect(
      (
        await failure(
          h.client.completeDemoPayment({
            paymentId: newId('pay'),
            action: 'pay',
            orderAccessKey: abandoned.order.accessKey,
          }),
        )
      ).code,
    ).toBe(status.NOT_FOUND);
    const messages = await h.waitForPublished((all) => verbsOf(all, failed.payment.id).includes('failed'));
    expect(verbsOf(messages, failed.payment.id)).toEqual(['pending', 'failed']);
    expect(verbsOf(messages, abandoned.payment.id)).toEqual(['pending']);
  });

  it("refuses a missing, malformed or other order's key NOT_FOUND, like an unknown attempt: nothing is paid, failed or published", async () => {
    const attempt = await pay();
    const another = await pay();
    const unknown = await failure(
      h.client.completeDemoPayment({ paymentId: newId('pay'), action: 'pay', orderAccessKey: attempt.order.accessKey }),
    );
    expect([unknown.code, unknown.details]).toEqual([status.NOT_FOUND, 'Payment not found']);
    await h.waitForPublished((all) => verbsOf(all, attempt.payment.id).length > 0);
    const before = await stateOf(attempt.payment.id);
    expect(before.row).toMatchObject({ status: 'pending' });
    for (const wrongKey of [...wrongKeysFor(attempt.order.accessKey), another.order.accessKey]) {
      for (const action of ['pay', 'fail', 'abandon']) {
        const refused = await failure(
          h.client.completeDemoPayment({ paymentId: attempt.payment.id, action, orderAccessKey: wrongKey }),
        );
        expect([wrongKey, action, refused.code, refused.details]).toEqual([
          wrongKey,
          action,
          unknown.code,
          unknown.details,
        ]);
      }
    }
    expect(await stateOf(attempt.payment.id)).toEqual(before);
    expect((await get(attempt)).payment).toEqual(attempt.payment);
    // The other attempt was not touched through its key either.
    expect((await get(another)).payment!.status).toBe('pending');

    // With its own key the guest's choice goes through.
    expect((await complete(attempt, 'pay')).payment!.status).toBe('paid');
  });
});

describe('ListPayments', () => {
  it("lists the organisation's attempts newest first, by order and status, in pages (one order's for orders.view, all for payments)", async () => {
    const order = h.ordering.addOrder({ organisationId: org });
    const first = (await pay(order)).payment;
    const second = (await pay(order)).payment;
    await h.client.completeDemoPayment({ paymentId: second.id, action: 'pay', orderAccessKey: order.accessKey });
    const byOrder = await h.client.listPayments(
      { organisationId: org, orderId: order.orderId, statuses: [], page: undefined },
      as(viewer),
    );
    expect(byOrder.payments.map((payment) => [payment.id, payment.status])).toEqual([
      [second.id, 'paid'],
      [first.id, 'pending'],
    ]);
    expect(byOrder.page).toEqual({ nextPageToken: '', totalSize: 2 });
    const paidOnly = await h.client.listPayments(
      { organisationId: org, orderId: order.orderId, statuses: ['paid'], page: undefined },
      as(owner),
    );
    expect(paidOnly.payments.map((payment) => payment.id)).toEqual([second.id]);
    const page1 = await h.client.listPayments(
      { organisationId: org, orderId: '', statuses: [], page: { pageSize: 1, pageToken: '' } },
      as(owner),
    );
    expect(page1.payments).toHaveLength(1);
    const page2 = await h.client.listPayments(
      { organisationId: org, orderId: '', statuses: [], page: { pageSize: 1, pageToken: page1.page!.nextPageToken } },
      as(owner),
    );
    expect(page2.payments[0]!.id).not.toBe(page1.payments[0]!.id);
    // The whole organisation's list is for those who handle its money: "orders.view" alone sees one order's attempts.
    const wholeList = { organisationId: org, orderId: '', statuses: [], page: undefined };
    expect((await failure(h.client.listPayments(wholeList, as(viewer)))).code).toBe(status.PERMISSION_DENIED);

    // Another organisation's attempts never show, whatever order id is asked for.
    const foreign = (await pay(h.ordering.addOrder())).payment;
    expect(
      (
        await h.client.listPayments(
          { organisationId: org, orderId: foreign.orderId, statuses: [], page: undefined },
          as(owner),
        )
      ).payments,
    ).toEqual([]);
  });

  it('answers outsiders NOT_FOUND, signed-out callers UNAUTHENTICATED and refuses bad filters', async () => {
    const request = { organisationId: org, orderId: '', statuses: [], page: undefined };
    expect((await failure(h.client.listPayments(request, as(outsider)))).code).toBe(status.NOT_FOUND);
    expect((await failure(h.client.listPayments(request))).code).toBe(status.UNAUTHENTICATED);
    const bad = await failure(
      h.client.listPayments(
        { organisationId: org, orderId: 'x', statuses: ['paid', 'refunded'], page: undefined },
        as(owner),
      ),
    );
    expect(bad.violations).toEqual([
      { field: 'orderId', message: 'ID is invalid' },
      { field: 'statuses.1', message: 'Status is invalid' },
    ]);
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
    expect((await failure(h.client.getPaymentSettings({ organisationId: org }, as(viewer)))).code).toBe(
      status.PERMISSION_DENIED,
    );
    expect((await failure(h.client.getPaymentSettings({ organisationId: org }, as(outsider)))).code).toBe(
      status.NOT_FOUND,
    );
  });
});

describe('HandleProviderWebhook without Stripe', () => {
  it('refuses an unknown provider and a provider that is not configured', async () => {
    const payload = Buffer.from('{}');
    expect(
      (await failure(h.client.handleProviderWebhook({ provider: 'paypal', payload, signature: '' }))).violations,
    ).toEqual([{ field: 'provider', message: 'Provider is invalid' }]);
    expect(
      (await failure(h.client.handleProviderWebhook({ provider: 'stripe', payload, signature: 't=1,v1=00' }))).code,
    ).toBe(status.FAILED_PRECONDITION);
  });
});

describe("ordering's messages", () => {
  it('order.expired and order.canceled close the open attempts and leave the paid one alone', async () => {
    const order = h.ordering.addOrder({ organisationId: org });
    const open = (await pay(order)).payment;
    const paid = (await pay(order)).payment;
    await h.client.completeDemoPayment({ paymentId: paid.id, action: 'pay', orderAccessKey: order.accessKey });
    await h.processed(ORDER_ENDED_DURABLE, await h.publishOrderChanged('expired', order));
    expect((await get({ order, payment: open })).payment).toMatchObject({ status: 'expired', redirectUrl: '' });
    expect((await get({ order, payment: paid })).payment!.status).toBe('paid');

    const canceledOrder = h.ordering.addOrder({ organisationId: org });
    const toCancel = (await pay(canceledOrder)).payment;
    const msgId = await h.publishOrderChanged('canceled', canceledOrder);
    await h.processed(ORDER_ENDED_DURABLE, msgId);
    await h.publishOrderChanged('canceled', canceledOrder, msgId); // redelivered: the inbox drops it
    expect((await get({ order: canceledOrder, payment: toCancel })).payment!.status).toBe('canceled');
    const messages = await h.waitForPublished(
      (all) => verbsOf(all, toCancel.id).includes('canceled') && verbsOf(all, open.id).includes('expired'),
    );
    expect(verbsOf(messages, open.id)).toEqual(['pending', 'expired']);
    expect(verbsOf(messages, toCancel.id)).toEqual(['pending', 'canceled']);
    expect(verbsOf(messages, paid.id)).toEqual(['pending', 'succeeded']);
  });

  it('refund.requested: the demo provider refunds at once, once per refund id, within what was paid', async () => {
    const attempt = await pay(h.ordering.addOrder({ organisationId: org, amountMinor: 5_000 }));
    const { order, payment } = attempt;
    await complete(attempt, 'pay');
    const refund = {
      refundId: newId('ref'),
      orderId: order.orderId,
      organisationId: org,
      paymentId: payment.id,
      amountMinor: 2_000,
      currency: 'EUR',
      reason: 'organiser',
    };
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(refund));
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(refund)); // the same refund asked twice
    const tooMuch = { ...refund, refundId: newId('ref'), amountMinor: 3_001 };
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(tooMuch));
    const unknown = { ...refund, refundId: newId('ref'), paymentId: newId('pay') };
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(unknown));

    expect((await get(attempt)).payment).toMatchObject({ status: 'paid', refundedMinor: 2_000 });
    const rows = await h.sql<{ id: string; status: string }>(
      'select id, status from refund where payment_id = ? order by created_at',
      [payment.id],
    );
    expect(rows).toEqual([
      { id: refund.refundId, status: 'succeeded' },
      { id: tooMuch.refundId, status: 'failed' },
    ]);
    const messages = await h.waitForPublished(
      (all) =>
        all.filter((message) => message.refunded).length >= 3 &&
        all.some((message) => message.refunded?.refundId === unknown.refundId),
    );
    const outcomes = messages
      .filter((message) => message.refunded?.orderId === order.orderId)
      .map((message) => [message.subject, message.refunded!.refundId, message.refunded!.status]);
    expect(outcomes).toEqual([
      ['kassa.payments.payment.refunded', refund.refundId, 'succeeded'],
      ['kassa.payments.refund.failed', tooMuch.refundId, 'failed'],
      ['kassa.payments.refund.failed', unknown.refundId, 'failed'],
    ]);
    expect(messages.find((message) => message.refunded?.refundId === tooMuch.refundId)?.refunded?.failureReason).toBe(
      'The refund exceeds what is left of the payment',
    );
  });
});

describe('reconciliation', () => {
  it('expires demo attempts still pending after the order hold, and leaves younger ones open', async () => {
    const held = h.ordering.addOrder({ organisationId: org, expiresAt: new Date(h.clock.now.getTime() + 15 * 60_000) });
    const oldAttempt = await pay(held);
    const old = oldAttempt.payment;
    const young = await pay(
      h.ordering.addOrder({ organisationId: org, expiresAt: new Date(h.clock.now.getTime() + 60 * 60_000) }),
    );
    const start = h.clock.now;
    try {
      h.clock.now = new Date(start.getTime() + 16 * 60_000);
      await h.running.reconciliation.runOnce();
      expect((await get(oldAttempt)).payment!.status).toBe('expired');
      expect((await get(young)).payment!.status).toBe('pending');
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
    const attempt = await pay(h.ordering.addOrder({ organisationId: org, amountMinor: 5_000 }));
    const { order, payment } = attempt;
    await complete(attempt, 'pay');
    await complete(attempt, 'pay');
    await complete(attempt, 'fail');
    await complete(await pay(), 'fail');
    await complete(await pay(), 'abandon');
    // A choice with a wrong key is refused before it counts as anything.
    await failure(
      h.client.completeDemoPayment({
        paymentId: (await pay()).payment.id,
        action: 'pay',
        orderAccessKey: newAccessKey(),
      }),
    );
    expect(await outcomes()).toEqual({
      succeeded: before.succeeded + 1,
      failed: before.failed + 1,
      refunded: before.refunded,
    });

    const refund = {
      refundId: newId('ref'),
      orderId: order.orderId,
      organisationId: org,
      paymentId: payment.id,
      amountMinor: 2_000,
      currency: 'EUR',
      reason: 'organiser',
    };
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(refund));
    // The same refund asked again, then one that is refused: handled after the first by the same consumer.
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(refund));
    await h.processed(
      REFUND_REQUESTED_DURABLE,
      await h.publishRefundRequested({ ...refund, refundId: newId('ref'), amountMinor: 3_001 }),
    );
    expect(await outcomes()).toEqual({
      succeeded: before.succeeded + 1,
      failed: before.failed + 1,
      refunded: before.refunded + 1,
    });
  });
});
