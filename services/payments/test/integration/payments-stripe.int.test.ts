import { randomBytes } from 'node:crypto';
import { type GrpcCallError, status } from '@kassa/platform/grpc';
import { newAccessKey, newId } from '@kassa/platform/ids';
import type { Payment } from '@kassa/proto/payments/v1/payments';
import { ORDER_ENDED_DURABLE, REFUND_REQUESTED_DURABLE } from '../../src/events/subjects';
import { type PaymentsHarness, startPaymentsHarness, verbsOf } from '../fixtures/payments-harness';
import type { StandInSession, StripeStandIn } from '@kassa/testing/stripe-stand-in';

// Stripe through the REAL `stripe` SDK. Stripe's API cannot be reached from here, so the SDK is pointed at
// testing/src/stripe-stand-in.ts, a local HTTP stand-in of the endpoints payments calls (Checkout Sessions,
// expire, refunds) that honours Idempotency-Key like Stripe; webhooks are signed with the SDK's
// generateTestHeaderString and verified by payments with stripe.webhooks.constructEvent on the raw bytes.
jest.setTimeout(60_000);

let h: PaymentsHarness;
let stripe: StripeStandIn;
const ORIGIN = 'https://tickets.example.test';
const key = () => randomBytes(9).toString('base64url');
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected an error');
    },
    (error: GrpcCallError) => error,
  );

beforeAll(async () => {
  h = await startPaymentsHarness('stripe', { provider: 'stripe' });
  stripe = h.stripe!;
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

async function pay(fields: Parameters<PaymentsHarness['ordering']['addOrder']>[0] = {}) {
  const order = h.ordering.addOrder(fields);
  const { payment } = await h.client.createPayment({
    orderId: order.orderId,
    idempotencyKey: key(),
    returnOrigin: ORIGIN,
    orderAccessKey: order.accessKey,
  });
  return { order, payment: payment!, session: stripe.sessions.get(payment!.providerReference)! };
}
/** The guest's key to an order of the OrderService double. */
const keyOf = (orderId: string) => h.ordering.orders.get(orderId)!.accessKey;
const webhook = (delivery: { payload: Buffer; signature: string }) =>
  h.client.handleProviderWebhook({ provider: 'stripe', ...delivery });
const completed = (session: StandInSession) => stripe.webhook('checkout.session.completed', session);
const statusOf = async (payment: Payment) =>
  (await h.client.getPayment({ paymentId: payment.id, orderAccessKey: keyOf(payment.orderId) })).payment!;
const sessionsOf = (orderId: string) =>
  [...stripe.sessions.values()].filter((session) => session.metadata.order_id === orderId);

/** Everything payments stores, to show that a refused call changed nothing. */
async function fingerprint() {
  return h.sql(`select
    (select string_agg(id || ':' || status || ':' || version, ',' order by id) from payment_attempt) as attempts,
    (select count(*) from provider_event_receipt) as receipts, (select count(*) from outbox) as outbox`);
}

describe('CreatePayment with Stripe', () => {
  it('makes one Checkout Session per attempt, keyed by the attempt id, with the order in metadata and its return links', async () => {
    const order = h.ordering.addOrder({
      amountMinor: 12_345,
      currency: 'EUR',
      locale: 'nl',
      expiresAt: new Date(Date.now() + 15 * 60_000),
    });
    const idempotencyKey = key();
    const { payment } = await h.client.createPayment({
      orderId: order.orderId,
      idempotencyKey,
      returnOrigin: ORIGIN,
      orderAccessKey: order.accessKey,
    });
    expect(payment).toMatchObject({
      provider: 'stripe',
      status: 'pending',
      testMode: true,
      amount: { amountMinor: 12_345, currency: 'EUR' },
    });
    const session = stripe.sessions.get(payment!.providerReference)!;
    expect(payment!.redirectUrl).toBe(session.url);
    expect(session).toMatchObject({
      metadata: { payment_id: payment!.id, order_id: order.orderId },
      client_reference_id: order.orderId,
      success_url: `${ORIGIN}/nl/order/${order.orderId}?key=${order.accessKey}`,
      cancel_url: `${ORIGIN}/nl/order/${order.orderId}?key=${order.accessKey}&payment=canceled`,
      amount_total: 12_345,
      currency: 'eur',
    });
    expect(session.params['line_items[0][price_data][product_data][name]']).toBe(`Order ${order.number}`);
    // The hold is 15 minutes, but Stripe wants a session to live at least 30.
    expect(session.expires_at * 1000 - Date.now()).toBeGreaterThanOrEqual(30 * 60_000);
    expect(stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1)?.idempotencyKey).toBe(
      payment!.id,
    );

    // The same CreatePayment twice: one attempt, one session at Stripe.
    const again = await h.client.createPayment({
      orderId: order.orderId,
      idempotencyKey,
      returnOrigin: ORIGIN,
      orderAccessKey: order.accessKey,
    });
    expect(again.payment!.id).toBe(payment!.id);
    expect(sessionsOf(order.orderId)).toHaveLength(1);

    // An English guest's links have no language prefix.
    const english = await pay({ locale: 'en' });
    expect(english.session).toMatchObject({
      success_url: `${ORIGIN}/order/${english.order.orderId}?key=${english.order.accessKey}`,
      cancel_url: `${ORIGIN}/order/${english.order.orderId}?key=${english.order.accessKey}&payment=canceled`,
    });
  });

  it('refuses a wrong or missing order key before Stripe is called: no attempt, no session', async () => {
    const order = h.ordering.addOrder();
    const sessionCalls = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').length;
    for (const wrongKey of ['', 'not-a-key', h.ordering.addOrder().accessKey, newAccessKey()]) {
      const refused = await failure(
        h.client.createPayment({
          orderId: order.orderId,
          idempotencyKey: key(),
          returnOrigin: ORIGIN,
          orderAccessKey: wrongKey,
        }),
      );
      expect([wrongKey, refused.code, refused.details]).toEqual([wrongKey, status.NOT_FOUND, 'Order not found']);
    }
    expect(await h.sql('select id from payment_attempt where order_id = ?', [order.orderId])).toEqual([]);
    expect(sessionsOf(order.orderId)).toEqual([]);
    expect(stripe.requests.filter((request) => request.path === '/v1/checkout/sessions')).toHaveLength(sessionCalls);
  });

  it('recovers from a crash after Stripe made the session but before its id was saved: the retry gets the same session', async () => {
    const order = h.ordering.addOrder();
    const idempotencyKey = key();
    // Stripe makes the session, but no answer arrives (the SDK's own retries included): like dying right after the call.
    stripe.dropResponses(3);
    const lost = await failure(
      h.client.createPayment({
        orderId: order.orderId,
        idempotencyKey,
        returnOrigin: ORIGIN,
        orderAccessKey: order.accessKey,
      }),
    );
    expect(lost.code).not.toBe(status.OK);
    const [row] = await h.sql<{ id: string; status: string; provider_reference: string | null }>(
      'select id, status, provider_reference from payment_attempt where order_id = ?',
      [order.orderId],
    );
    expect(row).toMatchObject({ status: 'created', provider_reference: null });
    expect(sessionsOf(order.orderId)).toHaveLength(1);

    // A retry with the same idempotency key but without the order's key finishes nothing.
    for (const wrongKey of ['', newAccessKey()]) {
      const refused = await failure(
        h.client.createPayment({
          orderId: order.orderId,
          idempotencyKey,
          returnOrigin: ORIGIN,
          orderAccessKey: wrongKey,
        }),
      );
      expect([refused.code, refused.details]).toEqual([status.NOT_FOUND, 'Order not found']);
    }
    expect(
      await h.sql('select id, status, provider_reference from payment_attempt where order_id = ?', [order.orderId]),
    ).toEqual([row]);

    const { payment } = await h.client.createPayment({
      orderId: order.orderId,
      idempotencyKey,
      returnOrigin: ORIGIN,
      orderAccessKey: order.accessKey,
    });
    expect(payment).toMatchObject({
      id: row!.id,
      status: 'pending',
      providerReference: sessionsOf(order.orderId)[0]!.id,
    });
    expect(sessionsOf(order.orderId)).toHaveLength(1);
  });

  it('lets the reconciliation finish an attempt a crash left created, with the same session', async () => {
    const order = h.ordering.addOrder({ expiresAt: new Date(h.clock.now.getTime() + 60 * 60_000) });
    stripe.dropResponses(3);
    await failure(
      h.client.createPayment({
        orderId: order.orderId,
        idempotencyKey: key(),
        returnOrigin: ORIGIN,
        orderAccessKey: order.accessKey,
      }),
    );
    const start = h.clock.now;
    try {
      h.clock.now = new Date(start.getTime() + 11 * 60_000);
      await h.running.reconciliation.runOnce();
    } finally {
      h.clock.now = start;
    }
    const [row] = await h.sql<{ status: string; provider_reference: string }>(
      'select status, provider_reference from payment_attempt where order_id = ?',
      [order.orderId],
    );
    expect(row).toEqual({ status: 'pending', provider_reference: sessionsOf(order.orderId)[0]!.id });
    expect(sessionsOf(order.orderId)).toHaveLength(1);
  });

  it('refuses the demo page for a Stripe attempt', async () => {
    const { order, payment } = await pay();
    expect(
      (
        await failure(
          h.client.completeDemoPayment({ paymentId: payment.id, action: 'pay', orderAccessKey: order.accessKey }),
        )
      ).code,
    ).toBe(status.FAILED_PRECONDITION);
    // Without the order's key it is not even found.
    expect(
      (
        await failure(
          h.client.completeDemoPayment({ paymentId: payment.id, action: 'pay', orderAccessKey: newAccessKey() }),
        )
      ).code,
    ).toBe(status.NOT_FOUND);
  });
});

describe('Stripe webhooks', () => {
  it('completed: paid and payment.succeeded; the duplicate and a re-signed replay answer applied = false', async () => {
    const { payment, session } = await pay();
    // Stripe signs each delivery anew: the first a minute ago, the replay now.
    const delivery = stripe.webhook('checkout.session.completed', stripe.complete(session.id), {
      timestamp: Math.floor(Date.now() / 1000) - 60,
    });
    expect(await webhook(delivery)).toEqual({ eventId: delivery.eventId, applied: true });
    expect(await statusOf(payment)).toMatchObject({ status: 'paid', redirectUrl: '' });
    expect(await webhook(delivery)).toEqual({ eventId: delivery.eventId, applied: false });
    const replay = stripe.webhook('checkout.session.completed', session, { eventId: delivery.eventId });
    expect(replay.signature).not.toBe(delivery.signature);
    expect(await webhook(replay)).toEqual({ eventId: delivery.eventId, applied: false });
    const messages = await h.waitForPublished((all) => verbsOf(all, payment.id).includes('succeeded'));
    expect(verbsOf(messages, payment.id)).toEqual(['pending', 'succeeded']);
    const receipt = await h.sql(
      'select payment_id, outcome from provider_event_receipt where provider = ? and event_id = ?',
      ['stripe', delivery.eventId],
    );
    expect(receipt).toEqual([{ payment_id: payment.id, outcome: 'paid' }]);
  });

  /**
   * Eight deliveries saying the session was paid, each its own event (Stripe retries and related events), at once.
   * Answers the subjects of the outbox rows about the attempt: what it told ordering, counted where it was written.
   */
  async function concurrentPaidDeliveries(): Promise<string[]> {
    const { payment, session } = await pay();
    const paid = stripe.complete(session.id);
    const deliveries = Array.from({ length: 8 }, () => stripe.webhook('checkout.session.completed', paid));
    await Promise.all(deliveries.map((delivery) => webhook(delivery)));
    expect(await statusOf(payment)).toMatchObject({ status: 'paid' });
    const rows = await h.sql<{ subject: string }>(
      "select subject from outbox where position(convert_to(?, 'UTF8') in payload) > 0 order by id",
      [payment.id],
    );
    return rows.map((row) => row.subject.split('.').at(-1)!);
  }

  it('concurrent deliveries for one payment: the attempt changes once, one payment.succeeded', async () => {
    expect(await concurrentPaidDeliveries()).toEqual(['pending', 'succeeded']);
  });

  it("control: without the attempt's row lock, concurrent deliveries publish payment.succeeded more than once", async () => {
    h.running.ctx.unsafeUnlockedAttempt = true;
    let verbs: string[];
    try {
      verbs = await concurrentPaidDeliveries();
    } finally {
      h.running.ctx.unsafeUnlockedAttempt = false;
    }
    const succeeded = verbs.filter((verb) => verb === 'succeeded').length;
    console.info(`webhook race control: ${succeeded} payment.succeeded for one payment without the lock`);
    expect(succeeded).toBeGreaterThan(1);
  });

  it('out of order: an "expired" after "completed" changes nothing; a "completed" after "expired" is recorded paid', async () => {
    const first = await pay();
    await webhook(completed(stripe.complete(first.session.id)));
    expect(
      (await webhook(stripe.webhook('checkout.session.expired', { ...first.session, status: 'expired' }))).applied,
    ).toBe(true);
    expect((await statusOf(first.payment)).status).toBe('paid');

    const second = await pay();
    await webhook(
      stripe.webhook('checkout.session.expired', { ...second.session, status: 'expired', payment_status: 'unpaid' }),
    );
    expect((await statusOf(second.payment)).status).toBe('expired');
    await webhook(completed(stripe.complete(second.session.id)));
    expect((await statusOf(second.payment)).status).toBe('paid');
    const messages = await h.waitForPublished((all) => verbsOf(all, second.payment.id).includes('succeeded'));
    expect(verbsOf(messages, first.payment.id)).toEqual(['pending', 'succeeded']);
    expect(verbsOf(messages, second.payment.id)).toEqual(['pending', 'expired', 'succeeded']);
  });

  it('late: paid after ordering expired the order (the session was closed meanwhile) is still recorded and published; ordering decides', async () => {
    const { order, payment, session } = await pay();
    // The guest pays at Stripe a moment before ordering's expiry reaches payments; the webhook comes last.
    stripe.complete(session.id);
    await h.processed(ORDER_ENDED_DURABLE, await h.publishOrderChanged('expired', order));
    expect((await statusOf(payment)).status).toBe('paid');
    expect((await webhook(completed(session))).applied).toBe(true);

    // And when expiry won the race at Stripe: the session is expired, a late completion still counts.
    const other = await pay();
    await h.processed(ORDER_ENDED_DURABLE, await h.publishOrderChanged('expired', other.order));
    expect(stripe.sessions.get(other.session.id)!.status).toBe('expired');
    expect((await statusOf(other.payment)).status).toBe('expired');
    await webhook(
      completed({ ...other.session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_late' }),
    );
    expect((await statusOf(other.payment)).status).toBe('paid');
    const messages = await h.waitForPublished((all) => verbsOf(all, other.payment.id).includes('succeeded'));
    expect(verbsOf(messages, payment.id)).toEqual(['pending', 'succeeded']);
    expect(verbsOf(messages, other.payment.id)).toEqual(['pending', 'expired', 'succeeded']);
  });

  it('forged: a wrong secret, a tampered body or no signature is UNAUTHENTICATED and changes nothing', async () => {
    const { payment, session } = await pay();
    const before = await fingerprint();
    const honest = completed(stripe.complete(session.id));
    const forgeries = [
      stripe.webhook('checkout.session.completed', session, { secret: 'whsec_not_the_secret' }),
      { payload: Buffer.from(honest.payload.toString().replace('"paid"', '"paid" ')), signature: honest.signature },
      { payload: honest.payload, signature: '' },
    ];
    for (const forged of forgeries) expect((await failure(webhook(forged))).code).toBe(status.UNAUTHENTICATED);
    expect(await fingerprint()).toEqual(before);
    expect((await statusOf(payment)).status).toBe('pending');
  });

  it('asynchronous methods: completed unpaid → authorized (no message), then async_payment_succeeded → paid; async failure → failed', async () => {
    const { payment, session } = await pay();
    await webhook(completed(stripe.complete(session.id, 'unpaid')));
    expect((await statusOf(payment)).status).toBe('authorized');
    await webhook(stripe.webhook('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }));
    expect((await statusOf(payment)).status).toBe('paid');

    const declined = await pay();
    await webhook(completed(stripe.complete(declined.session.id, 'unpaid')));
    await webhook(stripe.webhook('checkout.session.async_payment_failed', declined.session));
    expect(await statusOf(declined.payment)).toMatchObject({
      status: 'failed',
      failureReason: 'The bank declined the payment',
    });
    const messages = await h.waitForPublished((all) => verbsOf(all, declined.payment.id).includes('failed'));
    expect(verbsOf(messages, payment.id)).toEqual(['pending', 'succeeded']);
    expect(verbsOf(messages, declined.payment.id)).toEqual(['pending', 'failed']);
  });
});

describe('order endings with Stripe', () => {
  it('order.canceled expires the open session; a session the guest already paid is recorded paid instead', async () => {
    const open = await pay();
    await h.processed(ORDER_ENDED_DURABLE, await h.publishOrderChanged('canceled', open.order));
    expect(stripe.sessions.get(open.session.id)!.status).toBe('expired');
    expect((await statusOf(open.payment)).status).toBe('canceled');

    const paidMeanwhile = await pay();
    stripe.complete(paidMeanwhile.session.id);
    await h.processed(ORDER_ENDED_DURABLE, await h.publishOrderChanged('canceled', paidMeanwhile.order));
    expect((await statusOf(paidMeanwhile.payment)).status).toBe('paid');
    const messages = await h.waitForPublished((all) => verbsOf(all, paidMeanwhile.payment.id).includes('succeeded'));
    expect(verbsOf(messages, open.payment.id)).toEqual(['pending', 'canceled']);
  });
});

describe('reconciliation with Stripe', () => {
  it('looks up attempts whose webhook never came and applies what the session says', async () => {
    const { payment, session } = await pay({ expiresAt: new Date(h.clock.now.getTime() + 60 * 60_000) });
    const stillOpen = await pay({ expiresAt: new Date(h.clock.now.getTime() + 60 * 60_000) });
    stripe.complete(session.id); // the guest paid; the webhook got lost
    const start = h.clock.now;
    try {
      h.clock.now = new Date(start.getTime() + 11 * 60_000);
      await h.running.reconciliation.runOnce();
    } finally {
      h.clock.now = start;
    }
    expect((await statusOf(payment)).status).toBe('paid');
    expect((await statusOf(stillOpen.payment)).status).toBe('pending');
    // The lost webhook arrives after all: already applied through the lookup, so it changes nothing.
    expect((await webhook(completed(stripe.sessions.get(session.id)!))).applied).toBe(true);
    const messages = await h.waitForPublished((all) => verbsOf(all, payment.id).includes('succeeded'));
    expect(verbsOf(messages, payment.id)).toEqual(['pending', 'succeeded']);
  });
});

describe('refunds with Stripe', () => {
  it('refunds once per refund id (the idempotency key at Stripe), and publishes payment.refunded once', async () => {
    const { order, payment, session } = await pay({ amountMinor: 8_000 });
    await webhook(completed(stripe.complete(session.id)));
    const refund = {
      refundId: newId('ref'),
      orderId: order.orderId,
      organisationId: order.organisationId,
      paymentId: payment.id,
      amountMinor: 8_000,
      currency: 'EUR',
      reason: 'late_payment',
    };
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(refund));
    await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(refund));
    const atStripe = [...stripe.refunds.values()].filter(
      (candidate) => candidate.metadata.refund_id === refund.refundId,
    );
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]).toMatchObject({
      amount: 8_000,
      payment_intent: stripe.sessions.get(session.id)!.payment_intent,
      status: 'succeeded',
    });
    expect(
      stripe.requests.filter((request) => request.path === '/v1/refunds').map((request) => request.idempotencyKey),
    ).toContain(refund.refundId);
    expect(await statusOf(payment)).toMatchObject({ status: 'paid', refundedMinor: 8_000 });
    const messages = await h.waitForPublished((all) => verbsOf(all, payment.id).includes('refund:succeeded'));
    expect(verbsOf(messages, payment.id)).toEqual(['pending', 'succeeded', 'refund:succeeded']);
    expect(messages.find((message) => message.refunded?.refundId === refund.refundId)?.refunded).toMatchObject({
      providerReference: atStripe[0]!.id,
      amountMinor: 8_000,
      status: 'succeeded',
    });
  });

  it('a refund Stripe leaves pending is finished by its refund.updated webhook', async () => {
    const { order, payment, session } = await pay({ amountMinor: 3_000 });
    await webhook(completed(stripe.complete(session.id)));
    stripe.refundStatus = 'pending';
    try {
      const refund = {
        refundId: newId('ref'),
        orderId: order.orderId,
        organisationId: order.organisationId,
        paymentId: payment.id,
        amountMinor: 1_000,
        currency: 'EUR',
        reason: 'organiser',
      };
      await h.processed(REFUND_REQUESTED_DURABLE, await h.publishRefundRequested(refund));
      expect(await h.sql('select status from refund where id = ?', [refund.refundId])).toEqual([{ status: 'pending' }]);
      const atStripe = [...stripe.refunds.values()].find(
        (candidate) => candidate.metadata.refund_id === refund.refundId,
      )!;
      atStripe.status = 'succeeded';
      expect((await webhook(stripe.webhook('refund.updated', atStripe))).applied).toBe(true);
      expect(await statusOf(payment)).toMatchObject({ refundedMinor: 1_000 });
      const messages = await h.waitForPublished((all) => verbsOf(all, payment.id).includes('refund:succeeded'));
      expect(verbsOf(messages, payment.id)).toEqual(['pending', 'succeeded', 'refund:succeeded']);
    } finally {
      stripe.refundStatus = 'succeeded';
    }
  });
});
