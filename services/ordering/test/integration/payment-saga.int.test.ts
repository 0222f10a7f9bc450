// ordering's half of the payment saga, fed with real PaymentChanged / PaymentRefunded messages published on a real
// (namespaced) KASSA_PAYMENTS stream, as payments publishes them: pending, failed (order stays payable), succeeded
// (paid), the same payment twice, a late payment that re-reserves, a late payment refunded because the tickets are
// gone, and a second successful payment refunded as a duplicate.
import { PaymentChanged, PaymentRefunded } from '@kassa/proto/payments/events/v1/events';
import { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import type { GuestOrder } from '@kassa/proto/ordering/v1/orders';
import { type GrpcCallError, status } from '@kassa/platform/grpc';
import type { Telemetry } from '@kassa/platform/telemetry';
import { metricSamples, metricValue, startTestTelemetry } from '@kassa/platform/testing';
import { type OrderingHarness, startOrderingHarness } from '../fixtures/ordering-harness';
import {
  checkoutRequest,
  payment,
  paymentChanged,
  paymentRefunded,
  refundRequests,
  seedShop,
  type SeededShop,
} from '../fixtures/orders';

jest.setTimeout(60_000);

let h: OrderingHarness;
let telemetry: Telemetry;
const MINUTE = 60_000;

beforeAll(async () => {
  // Before ordering: its quota gauges are observed by the meter provider current when it starts.
  telemetry = startTestTelemetry('ordering-test');
  h = await startOrderingHarness('saga');
  // payments creates its stream on its own start; ordering, started first, waits for it.
  let started = false;
  void h.running.payments.started.then(() => (started = true));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(started).toBe(false);
  await h.createPaymentsStream();
  await h.running.payments.started;
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await telemetry?.shutdown();
});
beforeEach(() => {
  h.clock.now = new Date();
});

const SUCCEEDED = 'kassa.payments.payment.succeeded';
const deliver = (change: 'pending' | 'succeeded' | 'failed', attempt: ReturnType<typeof payment>, msgId?: string) =>
  h.deliverPayment(`kassa.payments.payment.${change}`, PaymentChanged, paymentChanged(attempt, change), msgId);
const guest = async (order: { id: string; accessKey: string }) =>
  (await h.orders.getGuestOrder({ orderId: order.id, accessKey: order.accessKey })).order!;
const counts = async (quotaId: string) =>
  (
    await h.sql<{ sold: number; reserved: number }>(
      'select sum(sold)::int as sold, sum(reserved)::int as reserved from quota_bucket where quota_id = ?',
      [quotaId],
    )
  )[0]!;
const history = async (orderId: string) =>
  (await h.sql<{ action: string }>('select action from order_history where order_id = ? order by id', [orderId])).map(
    (row) => row.action,
  );
const orderSubjects = async (orderId: string) =>
  (await h.orderingMessages())
    .filter((m) => m.subject.startsWith('kassa.ordering.order.') && OrderChanged.decode(m.data).order?.id === orderId)
    .map((m) => m.subject.split('.').pop());

async function placeOrder(seeded: SeededShop, quantity = 2): Promise<GuestOrder> {
  return (await h.orders.checkout(checkoutRequest(seeded.shop.id, [{ itemId: seeded.item.id, quantity }]))).order!;
}
const attemptFor = (order: GuestOrder) => payment({ id: order.id, amountMinor: order.money!.totalMinor });

it('pending → the order is pending; failed → it stays payable (order.payment_failed); succeeded → paid, tickets sold; the same payment again changes nothing', async () => {
  const seeded = await seedShop(h, { capacity: 10 });
  const order = await placeOrder(seeded);
  const first = attemptFor(order);
  await deliver('pending', first);
  expect(await guest(order)).toMatchObject({ status: 'pending', payable: true });
  await deliver('failed', { ...first, failureReason: 'card declined' });
  expect(await guest(order)).toMatchObject({ status: 'pending', payable: true });

  const second = attemptFor(order);
  await deliver('pending', second);
  const paidMsgId = `obx_paid_${second.id}`;
  await deliver('succeeded', second, paidMsgId);
  const paid = await guest(order);
  expect(paid).toMatchObject({ status: 'paid', payable: false, outcome: '' });
  expect(paid.paidAt).toEqual(h.clock.now);
  expect(await counts(seeded.option.id)).toEqual({ sold: 2, reserved: 0 });
  expect(await counts(seeded.event.id)).toEqual({ sold: 2, reserved: 0 });

  // Redelivered (same message id: the inbox) and reported again (another message: the payments seen).
  await h.publish(SUCCEEDED, PaymentChanged, paymentChanged(second, 'succeeded'), paidMsgId);
  await deliver('succeeded', second);
  await deliver('pending', second);
  expect(await counts(seeded.option.id)).toEqual({ sold: 2, reserved: 0 });
  expect(await refundRequests(h)).toEqual([]);
  expect(await history(order.id)).toEqual(['reserved', 'payment_started', 'payment_failed', 'payment_started', 'paid']);
  // The failure leaves the order pending and tells the guest (notifications e-mails order.payment_failed).
  await h.eventually(async () => (await orderSubjects(order.id)).length === 4, 'events published');
  expect(await orderSubjects(order.id)).toEqual(['reserved', 'pending', 'payment_failed', 'paid']);
  expect(await h.sql('select status from order_payment where order_id = ? order by status', [order.id])).toEqual([
    { status: 'failed' },
    { status: 'succeeded' },
  ]);
});

it('a payment after the hold re-reserves the tickets when they are still there: paid, "re_reserved"', async () => {
  const seeded = await seedShop(h, { capacity: 5 });
  const order = await placeOrder(seeded, 3);
  const attempt = attemptFor(order);
  await deliver('pending', attempt);
  h.clock.now = new Date(h.clock.now!.getTime() + 16 * MINUTE);
  await h.running.sweeper.runOnce();
  expect(await guest(order)).toMatchObject({ status: 'expired', outcome: 'expired' });
  expect(await counts(seeded.option.id)).toEqual({ sold: 0, reserved: 0 });

  await deliver('succeeded', attempt);
  expect(await guest(order)).toMatchObject({ status: 'paid', outcome: '' });
  expect(await counts(seeded.option.id)).toEqual({ sold: 3, reserved: 0 });
  expect(await history(order.id)).toEqual(['reserved', 'payment_started', 'expired', 're_reserved', 'paid']);
  expect(await refundRequests(h)).toEqual([]);
});

it('a payment after the hold is refunded when the tickets are gone: stays expired, "late_payment_refunded", refund.requested', async () => {
  const seeded = await seedShop(h, { capacity: 3 });
  const late = await placeOrder(seeded, 2);
  const attempt = attemptFor(late);
  h.clock.now = new Date(h.clock.now!.getTime() + 16 * MINUTE);
  await h.running.sweeper.runOnce();
  await placeOrder(seeded, 2); // someone else takes what came back
  expect(await counts(seeded.option.id)).toEqual({ sold: 0, reserved: 2 });

  await deliver('succeeded', attempt);
  expect(await guest(late)).toMatchObject({
    status: 'expired',
    outcome: 'late_payment_refunded',
    money: { refundedMinor: late.money!.totalMinor },
  });
  expect(await counts(seeded.option.id)).toEqual({ sold: 0, reserved: 2 }); // nothing of the attempt stayed
  const [request] = await h.eventually(async () => {
    const found = (await refundRequests(h)).filter((r) => r.orderId === late.id);
    return found.length > 0 ? found : undefined;
  }, 'refund.requested');
  expect(request).toMatchObject({
    paymentId: attempt.id,
    amountMinor: late.money!.totalMinor,
    currency: 'EUR',
    reason: 'late_payment',
    actorUserId: '',
  });
  expect(request!.refundId).toMatch(/^ref_/);

  // payments reports the refund done: recorded once, order.refunded tells the guest.
  await h.deliverPayment('kassa.payments.payment.refunded', PaymentRefunded, paymentRefunded(request!, 'succeeded'));
  await h.deliverPayment('kassa.payments.payment.refunded', PaymentRefunded, paymentRefunded(request!, 'succeeded'));
  expect(await h.sql('select status, reason from refund where id = ?', [request!.refundId])).toEqual([
    { status: 'succeeded', reason: 'late_payment' },
  ]);
  expect(await history(late.id)).toEqual(['reserved', 'expired', 'refund_requested', 'refunded']);
  await h.eventually(async () => (await orderSubjects(late.id)).includes('refunded'), 'order.refunded');
  expect(await orderSubjects(late.id)).toEqual(['reserved', 'expired', 'refunded']);
});

it('a second successful payment of a paid order is refunded as a duplicate', async () => {
  const seeded = await seedShop(h, { capacity: 10 });
  const order = await placeOrder(seeded, 1);
  const first = attemptFor(order);
  const second = attemptFor(order);
  await deliver('succeeded', first);
  await deliver('succeeded', second);
  expect(await guest(order)).toMatchObject({ status: 'paid', money: { refundedMinor: 0 } });
  expect(await counts(seeded.option.id)).toEqual({ sold: 1, reserved: 0 });
  const requests = await h.eventually(async () => {
    const found = (await refundRequests(h)).filter((r) => r.orderId === order.id);
    return found.length > 0 ? found : undefined;
  }, 'refund.requested');
  expect(requests).toEqual([
    expect.objectContaining({
      paymentId: second.id,
      reason: 'duplicate_payment',
      amountMinor: order.money!.totalMinor,
    }),
  ]);
  // Its failure is recorded and changes nothing else.
  await h.deliverPayment('kassa.payments.refund.failed', PaymentRefunded, paymentRefunded(requests[0]!, 'failed'));
  expect(await h.sql('select status, failure_reason from refund where id = ?', [requests[0]!.refundId])).toEqual([
    { status: 'failed', failure_reason: 'card expired' },
  ]);
  expect(await guest(order)).toMatchObject({ status: 'paid' });
});

it('counts each fact once in the metrics: the funnel, the status changes and the quotas of events not yet ended', async () => {
  const seeded = await seedShop(h, { capacity: 10 });
  const unlimited = await seedShop(h, { capacity: null });
  const funnel = (stage: string) => metricValue('kassa_checkout_funnel_total', { stage });
  const transitions = (to: string) => metricValue('kassa_order_transitions_total', { to });
  const quota = async (quotaId: string) => ({
    capacity: (await metricSamples('kassa_quota_capacity', { quota_id: quotaId })).map((s) => [s.labels.kind, s.value]),
    sold: (await metricSamples('kassa_quota_sold', { quota_id: quotaId })).map((s) => s.value),
    reserved: (await metricSamples('kassa_quota_reserved', { quota_id: quotaId })).map((s) => s.value),
  });
  const none = { capacity: [], sold: [], reserved: [] };
  // By the service's clock the event is over: its quotas are not watched. Looked at before they were ever reported:
  // the metrics SDK keeps reporting an attribute set it once saw (opentelemetry-js#4096).
  h.clock.now = new Date(seeded.event.endsAt!.getTime() + MINUTE);
  expect(await quota(seeded.option.id)).toEqual(none);
  expect(await quota(seeded.event.id)).toEqual(none);
  h.clock.now = new Date();
  const before = {
    reserved: await funnel('reserved'),
    paid: await funnel('paid'),
    toReserved: await transitions('reserved'),
    toPending: await transitions('pending'),
    toPaid: await transitions('paid'),
  };

  const request = checkoutRequest(seeded.shop.id, [{ itemId: seeded.item.id, quantity: 2 }]);
  const order = (await h.orders.checkout(request)).order!;
  expect((await h.orders.checkout(request)).created).toBe(false); // a retry: answered, not counted
  expect(await funnel('reserved')).toBe(before.reserved + 1);
  expect(await transitions('reserved')).toBe(before.toReserved + 1);
  expect(await quota(seeded.option.id)).toEqual({ capacity: [['ticket_option', 10]], sold: [0], reserved: [2] });
  expect(await quota(seeded.event.id)).toEqual({ capacity: [['event', 500]], sold: [0], reserved: [2] });
  // An unlimited quota has no capacity to watch; its event's ticket limit has.
  expect(await quota(unlimited.option.id)).toEqual(none);
  expect((await quota(unlimited.event.id)).capacity).toEqual([['event', 500]]);

  const attempt = attemptFor(order);
  await deliver('pending', attempt);
  const paidMsgId = `obx_paid_${attempt.id}`;
  await deliver('succeeded', attempt, paidMsgId);
  // Counted once the consumer's transaction committed, a moment after the inbox row is visible.
  await h.eventually(async () => (await funnel('paid')) === before.paid + 1, 'paid counted');
  // Redelivered (the inbox) and reported again (the payments seen): handled one after the other by the same consumer.
  await h.publish(SUCCEEDED, PaymentChanged, paymentChanged(attempt, 'succeeded'), paidMsgId);
  await deliver('succeeded', attempt);
  expect(await funnel('paid')).toBe(before.paid + 1);
  expect(await transitions('pending')).toBe(before.toPending + 1);
  expect(await transitions('paid')).toBe(before.toPaid + 1);
  expect(await funnel('reserved')).toBe(before.reserved + 1);
  expect(await quota(seeded.option.id)).toEqual({ capacity: [['ticket_option', 10]], sold: [2], reserved: [0] });
});

describe("the guest's retry after the hold (RenewGuestOrder)", () => {
  const grpcError = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected an error');
      },
      (error: GrpcCallError) => error,
    );
  const renew = (order: { id: string; accessKey: string }, accessKey = order.accessKey) =>
    h.orders.renewGuestOrder({ orderId: order.id, accessKey });
  const expireAll = async () => {
    h.clock.now = new Date(h.clock.now!.getTime() + 16 * MINUTE);
    await h.running.sweeper.runOnce();
  };

  it('holds the tickets again for a new hold, once however often it is asked, and the order is paid as usual', async () => {
    const seeded = await seedShop(h, { capacity: 5 });
    const order = await placeOrder(seeded, 3);
    await expireAll();
    expect(await guest(order)).toMatchObject({ status: 'expired', outcome: 'expired', renewable: true });
    expect(await counts(seeded.option.id)).toEqual({ sold: 0, reserved: 0 });

    const firstJob = await h.running.queue.getJob(`expire-order-${order.id}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const renewed = (await renew(order)).order!;
    expect(renewed).toMatchObject({ status: 'reserved', outcome: '', payable: true, renewable: false });
    expect(renewed.expiresAt!.getTime()).toBeGreaterThan(h.clock.now!.getTime());
    // Asked again (the answer was lost): the order is held already, nothing more is taken.
    expect((await renew(order)).order).toMatchObject({ status: 'reserved', expiresAt: renewed.expiresAt });
    expect(await counts(seeded.option.id)).toEqual({ sold: 0, reserved: 3 });
    expect(await counts(seeded.event.id)).toEqual({ sold: 0, reserved: 3 });
    // The new hold ends by a job of its own: the first hold's job, kept under the same id (here the sweeper ended
    // that hold first; in production it has usually run and stays among the completed ones), is replaced.
    const job = await h.running.queue.getJob(`expire-order-${order.id}`);
    expect(job!.timestamp).toBeGreaterThan(firstJob!.timestamp);
    expect(job!.opts.delay).toBe(renewed.expiresAt!.getTime() - h.clock.now!.getTime());
    expect(await job!.getState()).toBe('delayed');

    const attempt = attemptFor(order);
    await deliver('succeeded', attempt);
    expect(await guest(order)).toMatchObject({ status: 'paid', outcome: '' });
    expect(await counts(seeded.option.id)).toEqual({ sold: 3, reserved: 0 });
    expect(await history(order.id)).toEqual(['reserved', 'expired', 're_reserved', 'paid']);
    await h.eventually(async () => (await orderSubjects(order.id)).length === 4, 'events published');
    expect(await orderSubjects(order.id)).toEqual(['reserved', 'expired', 'reserved', 'paid']);
  });

  it('says plainly when the tickets are gone, and holds nothing', async () => {
    const seeded = await seedShop(h, { capacity: 3 });
    const order = await placeOrder(seeded, 2);
    await expireAll();
    await placeOrder(seeded, 2); // someone else takes what came back
    const error = await grpcError(renew(order));
    expect(error.code).toBe(status.FAILED_PRECONDITION);
    expect(error.details).toBe(
      'The tickets of this order are no longer available. Please place a new order in the shop.',
    );
    expect(await counts(seeded.option.id)).toEqual({ sold: 0, reserved: 2 });
    expect(await guest(order)).toMatchObject({ status: 'expired', outcome: 'expired' });
  });

  it('answers a wrong key like an unknown order, and refuses an order that is paid', async () => {
    const seeded = await seedShop(h, { capacity: 5 });
    const order = await placeOrder(seeded, 1);
    await expireAll();
    expect((await grpcError(renew(order, 'A'.repeat(22)))).code).toBe(status.NOT_FOUND);
    await renew(order);
    await deliver('succeeded', attemptFor(order));
    const error = await grpcError(renew(order));
    expect([error.code, error.details]).toEqual([status.FAILED_PRECONDITION, 'This order can no longer be paid']);
    expect(await counts(seeded.option.id)).toEqual({ sold: 1, reserved: 0 });
  });
});
