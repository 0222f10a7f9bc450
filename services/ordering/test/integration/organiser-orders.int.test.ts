// The organiser's order methods through gRPC, authorised by a real identity process (child process): ListOrders
// (search by number or e-mail, statuses, shop, paging), GetOrder, CancelOrder and RefundOrder in full and in part,
// with payments' answers fed on a real KASSA_PAYMENTS stream. Another organisation's order is NOT_FOUND.
import { type GrpcCallError, status } from '@kassa/platform/grpc';
import { PaymentChanged, PaymentRefunded } from '@kassa/proto/payments/events/v1/events';
import { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import type { GuestOrder } from '@kassa/proto/ordering/v1/orders';
import { expireOrder } from '../../src/application/expire-order';
import { type OrderingHarness, startOrderingHarness } from '../fixtures/ordering-harness';
import {
  checkoutRequest,
  idempotencyKey,
  payment,
  paymentChanged,
  paymentRefunded,
  refundRequests,
  seedShop,
  type SeededShop,
} from '../fixtures/orders';

jest.setTimeout(60_000);

let h: OrderingHarness;
let organisationId: string;
let otherOrganisationId: string;
let owner: { actorUserId: string };
let boxOffice: { actorUserId: string };
let scanner: { actorUserId: string };
let shopA: SeededShop;
let shopB: SeededShop;

beforeAll(async () => {
  h = await startOrderingHarness('organiser', { identity: true });
  await h.createPaymentsStream();
  const identity = h.identity!;
  const { userId } = await identity.signUp(`owner-${h.namespace}@example.test`, 'Olive Owner');
  owner = { actorUserId: userId };
  organisationId = await identity.createOrganisation(userId, 'Summer Festival');
  const stranger = await identity.signUp(`stranger-${h.namespace}@example.test`, 'Sam Stranger');
  otherOrganisationId = await identity.createOrganisation(stranger.userId, 'Another Festival');
  boxOffice = {
    actorUserId: (
      await identity.addMember(organisationId, userId, `box-${h.namespace}@example.test`, [
        'orders.view',
        'orders.manage',
      ])
    ).userId,
  };
  scanner = {
    actorUserId: (await identity.addMember(organisationId, userId, `scan-${h.namespace}@example.test`, ['checkin']))
      .userId,
  };
  shopA = await seedShop(h, { organisationId, capacity: 20 });
  shopB = await seedShop(h, { organisationId, capacity: 20 });
}, 90_000);
afterAll(async () => {
  await h?.stop();
});
beforeEach(() => {
  h.clock.now = new Date();
});

const grpcError = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected an error');
    },
    (error: GrpcCallError) => error,
  );
const place = async (seeded: SeededShop, quantity: number, email: string) =>
  (await h.orders.checkout(checkoutRequest(seeded.shop.id, [{ itemId: seeded.item.id, quantity }], { email }))).order!;
const pay = async (order: GuestOrder) => {
  const attempt = payment({ id: order.id, organisationId, amountMinor: order.money!.totalMinor });
  await h.deliverPayment('kassa.payments.payment.succeeded', PaymentChanged, paymentChanged(attempt, 'succeeded'));
  return attempt;
};
const counts = async (quotaId: string) =>
  (
    await h.sql<{ sold: number; reserved: number }>(
      'select sum(sold)::int as sold, sum(reserved)::int as reserved from quota_bucket where quota_id = ?',
      [quotaId],
    )
  )[0]!;
const requestFor = async (refundId: string) =>
  h.eventually(
    async () => (await refundRequests(h)).find((r) => r.refundId === refundId),
    `refund.requested ${refundId}`,
  );

describe('ListOrders and GetOrder', () => {
  let ada: GuestOrder;
  let bob: GuestOrder;
  let cleo: GuestOrder;

  beforeAll(async () => {
    h.clock.now = new Date(Date.now() - 3_000);
    ada = await place(shopA, 1, 'ada.lovelace@example.test');
    h.clock.now = new Date(Date.now() - 2_000);
    bob = await place(shopA, 2, 'bob@example.test');
    h.clock.now = new Date(Date.now() - 1_000);
    cleo = await place(shopB, 1, 'cleo@example.test');
    await pay(bob);
  });

  const list = (request: Partial<Parameters<typeof h.orders.listOrders>[0]>, as = owner) =>
    h.orders.listOrders({ organisationId, shopId: '', query: '', statuses: [], page: undefined, ...request }, as);
  const ids = async (request: Partial<Parameters<typeof h.orders.listOrders>[0]>) =>
    (await list(request)).orders.map((order) => order.id);

  it('lists newest first with lines, filters by shop and status, pages', async () => {
    const all = await list({});
    expect(all.orders.slice(0, 3).map((order) => order.id)).toEqual([cleo.id, bob.id, ada.id]);
    expect(all.orders[1]).toMatchObject({
      organisationId,
      shopId: shopA.shop.id,
      status: 'paid',
      email: 'bob@example.test',
      ticketCount: 2,
      lines: [{ quantity: 2, name: 'Regular' }],
    });
    expect(await ids({ shopId: shopB.shop.id })).toEqual([cleo.id]);
    expect(await ids({ shopId: shopA.shop.id, statuses: ['paid'] })).toEqual([bob.id]);
    expect(await ids({ shopId: shopA.shop.id, statuses: ['reserved', 'pending'] })).toEqual([ada.id]);
    const first = await list({ shopId: shopA.shop.id, page: { pageSize: 1, pageToken: '' } });
    expect(first.orders.map((order) => order.id)).toEqual([bob.id]);
    expect(first.page).toMatchObject({ totalSize: 2 });
    const second = await list({ shopId: shopA.shop.id, page: { pageSize: 1, pageToken: first.page!.nextPageToken } });
    expect(second.orders.map((order) => order.id)).toEqual([ada.id]);
    expect(second.page!.nextPageToken).toBe('');
    expect((await grpcError(list({ statuses: ['refunded'] }))).violations).toEqual([
      { field: 'statuses.0', message: 'Status is invalid' },
    ]);
  });

  it('finds by number (any case, with or without the dash) or by e-mail (substring, any case)', async () => {
    expect(await ids({ query: bob.number })).toEqual([bob.id]);
    expect(await ids({ query: bob.number.replace('-', '').toLowerCase() })).toEqual([bob.id]);
    expect(await ids({ query: 'LOVELACE' })).toEqual([ada.id]);
    expect(await ids({ query: 'cleo@' })).toEqual([cleo.id]);
    expect(await ids({ query: 'nobody-here' })).toEqual([]);
  });

  it('GetOrder shows lines, money, refunds, history and what is refundable', async () => {
    const answer = await h.orders.getOrder({ organisationId, orderId: bob.id }, boxOffice);
    expect(answer.order).toMatchObject({
      id: bob.id,
      status: 'paid',
      money: { totalMinor: bob.money!.totalMinor, refundedMinor: 0 },
    });
    expect(answer.refundableMinor).toBe(bob.money!.totalMinor);
    expect(answer.refunds).toEqual([]);
    expect(answer.history.map((entry) => entry.action)).toEqual(['reserved', 'paid']);
    expect(JSON.parse(answer.history[1]!.propertiesJson)).toMatchObject({ paymentId: expect.stringMatching(/^pay_/) });
  });

  it('is for members with "orders.view" only; another organisation\'s order is NOT_FOUND', async () => {
    expect((await grpcError(list({}, scanner))).code).toBe(status.PERMISSION_DENIED);
    expect((await grpcError(h.orders.getOrder({ organisationId, orderId: ada.id }))).code).toBe(status.UNAUTHENTICATED);
    // The stranger's own organisation does not hold this order; ours does not let them in.
    const stranger = { actorUserId: (await h.identity!.signUp(`stranger-${h.namespace}@example.test`)).userId };
    expect(
      (await grpcError(h.orders.getOrder({ organisationId: otherOrganisationId, orderId: ada.id }, stranger))).code,
    ).toBe(status.NOT_FOUND);
    expect((await grpcError(h.orders.getOrder({ organisationId, orderId: ada.id }, stranger))).code).toBe(
      status.NOT_FOUND,
    );
    expect(
      (
        await h.orders.listOrders(
          { organisationId: otherOrganisationId, shopId: '', query: '', statuses: [], page: undefined },
          stranger,
        )
      ).orders,
    ).toEqual([]);
    expect(
      (await grpcError(h.orders.getOrder({ organisationId, orderId: 'ord_01aaaaaaaaaaaaaaaaaaaaaaaa' }, owner))).code,
    ).toBe(status.NOT_FOUND);
  });
});

describe('CancelOrder', () => {
  it('cancels a held order, its tickets back on sale; idempotent; a later payment is refunded (order_canceled)', async () => {
    const before = await counts(shopB.option.id);
    const order = await place(shopB, 3, 'dana@example.test');
    expect(await counts(shopB.option.id)).toEqual({ sold: before.sold, reserved: before.reserved + 3 });
    const { order: canceled } = await h.orders.cancelOrder({ organisationId, orderId: order.id }, boxOffice);
    expect(canceled).toMatchObject({ status: 'canceled', outcome: 'canceled' });
    expect(canceled!.expiresAt).toBeUndefined();
    expect(await counts(shopB.option.id)).toEqual(before);
    expect((await h.orders.cancelOrder({ organisationId, orderId: order.id }, owner)).order).toEqual(canceled);
    const history = (await h.orders.getOrder({ organisationId, orderId: order.id }, owner)).history;
    expect(history.map((entry) => [entry.action, entry.actorUserId])).toEqual([
      ['reserved', ''],
      ['canceled', boxOffice.actorUserId],
    ]);

    const attempt = await pay(order);
    const requests = await h.eventually(async () => {
      const found = (await refundRequests(h)).filter((r) => r.orderId === order.id);
      return found.length > 0 ? found : undefined;
    }, 'refund of the canceled order');
    expect(requests).toEqual([
      expect.objectContaining({ paymentId: attempt.id, reason: 'order_canceled', organisationId }),
    ]);
    expect(await h.orders.getGuestOrder({ orderId: order.id, accessKey: order.accessKey })).toMatchObject({
      order: { status: 'canceled' },
    });
  });

  it('refuses paid and expired orders, and scanners', async () => {
    const order = await place(shopB, 1, 'eve@example.test');
    expect((await grpcError(h.orders.cancelOrder({ organisationId, orderId: order.id }, scanner))).code).toBe(
      status.PERMISSION_DENIED,
    );
    await pay(order);
    expect((await grpcError(h.orders.cancelOrder({ organisationId, orderId: order.id }, owner))).code).toBe(
      status.FAILED_PRECONDITION,
    );
    const held = await place(shopB, 1, 'ivy@example.test');
    h.clock.now = new Date(h.clock.now!.getTime() + 16 * 60_000);
    expect(await expireOrder(h.running.ctx, held.id)).toBe(true);
    expect((await grpcError(h.orders.cancelOrder({ organisationId, orderId: held.id }, owner))).code).toBe(
      status.FAILED_PRECONDITION,
    );
  });
});

describe('RefundOrder', () => {
  it('in part: requested, carried out by payments, order.refunded, the order stays paid; over-refunding is refused', async () => {
    const order = await place(shopA, 2, 'fay@example.test');
    const attempt = await pay(order);
    const total = order.money!.totalMinor;
    const key = idempotencyKey();
    const { refund, order: after } = await h.orders.refundOrder(
      { organisationId, orderId: order.id, full: false, amountMinor: 1_000, idempotencyKey: key },
      owner,
    );
    expect(refund).toMatchObject({
      amountMinor: 1_000,
      status: 'requested',
      reason: 'organiser',
      requestedBy: owner.actorUserId,
      cancelsOrder: false,
    });
    expect(after).toMatchObject({ status: 'paid', money: { refundedMinor: 1_000 } });
    // The same key again: the same refund; another amount under it: refused.
    expect(
      (
        await h.orders.refundOrder(
          { organisationId, orderId: order.id, full: false, amountMinor: 1_000, idempotencyKey: key },
          owner,
        )
      ).refund!.id,
    ).toBe(refund!.id);
    expect(
      (
        await grpcError(
          h.orders.refundOrder(
            { organisationId, orderId: order.id, full: false, amountMinor: 900, idempotencyKey: key },
            owner,
          ),
        )
      ).violations,
    ).toEqual([{ field: 'idempotencyKey', message: 'Idempotency key is invalid' }]);
    const tooMuch = await grpcError(
      h.orders.refundOrder(
        { organisationId, orderId: order.id, full: false, amountMinor: total, idempotencyKey: idempotencyKey() },
        owner,
      ),
    );
    expect(tooMuch.violations).toEqual([{ field: 'amountMinor', message: `Maximum value is ${total - 1_000}` }]);

    const request = await requestFor(refund!.id);
    expect(request).toMatchObject({
      orderId: order.id,
      paymentId: attempt.id,
      amountMinor: 1_000,
      reason: 'organiser',
      actorUserId: owner.actorUserId,
    });
    await h.deliverPayment('kassa.payments.payment.refunded', PaymentRefunded, paymentRefunded(request, 'succeeded'));
    const detail = await h.orders.getOrder({ organisationId, orderId: order.id }, owner);
    expect(detail.order).toMatchObject({ status: 'paid', money: { refundedMinor: 1_000 } });
    expect(detail.refunds).toEqual([
      expect.objectContaining({ id: refund!.id, status: 'succeeded', completedAt: expect.any(Date) }),
    ]);
    expect(detail.refundableMinor).toBe(total - 1_000);
    await h.eventually(async () => {
      const events = (await h.orderingMessages())
        .filter((m) => m.subject === 'kassa.ordering.order.refunded')
        .map((m) => OrderChanged.decode(m.data));
      return events.find((e) => e.order?.id === order.id && e.refund?.id === refund!.id);
    }, 'order.refunded');

    // A failed refund gives its amount back to what can be refunded.
    const second = await h.orders.refundOrder(
      { organisationId, orderId: order.id, full: false, amountMinor: 500, idempotencyKey: idempotencyKey() },
      owner,
    );
    await h.deliverPayment(
      'kassa.payments.refund.failed',
      PaymentRefunded,
      paymentRefunded(await requestFor(second.refund!.id), 'failed'),
    );
    expect((await h.orders.getOrder({ organisationId, orderId: order.id }, owner)).refundableMinor).toBe(total - 1_000);
  });

  it('in full: the rest, and once payments reports it done the order is canceled and its tickets back on sale', async () => {
    const before = await counts(shopA.option.id);
    const order = await place(shopA, 3, 'gus@example.test');
    await pay(order);
    expect(await counts(shopA.option.id)).toEqual({ sold: before.sold + 3, reserved: before.reserved });
    const { refund } = await h.orders.refundOrder(
      { organisationId, orderId: order.id, full: true, amountMinor: 0, idempotencyKey: idempotencyKey() },
      boxOffice,
    );
    expect(refund).toMatchObject({ amountMinor: order.money!.totalMinor, cancelsOrder: true, status: 'requested' });
    // A second one while the first is on its way is refused; the order stays paid until payments answers.
    expect(
      (
        await grpcError(
          h.orders.refundOrder(
            { organisationId, orderId: order.id, full: true, amountMinor: 0, idempotencyKey: idempotencyKey() },
            owner,
          ),
        )
      ).code,
    ).toBe(status.FAILED_PRECONDITION);
    expect((await h.orders.getGuestOrder({ orderId: order.id, accessKey: order.accessKey })).order).toMatchObject({
      status: 'paid',
    });

    await h.deliverPayment(
      'kassa.payments.payment.refunded',
      PaymentRefunded,
      paymentRefunded(await requestFor(refund!.id), 'succeeded'),
    );
    const detail = await h.orders.getOrder({ organisationId, orderId: order.id }, owner);
    expect(detail.order).toMatchObject({
      status: 'canceled',
      outcome: 'refunded',
      money: { refundedMinor: order.money!.totalMinor },
    });
    expect(detail.refundableMinor).toBe(0);
    expect(detail.history.map((entry) => entry.action)).toEqual([
      'reserved',
      'paid',
      'refund_requested',
      'refunded',
      'canceled',
    ]);
    expect(await counts(shopA.option.id)).toEqual(before);
    const events = await h.eventually(async () => {
      const found = (await h.orderingMessages())
        .map((m) => ({ subject: m.subject, event: m.subject.includes('.order.') ? OrderChanged.decode(m.data) : null }))
        .filter((m) => m.event?.order?.id === order.id);
      return found.length === 4 ? found : undefined;
    }, 'order events');
    expect(events.map((e) => [e.subject.split('.').pop(), e.event!.version, e.event!.refund?.id ?? ''])).toEqual([
      ['reserved', 1, ''],
      ['paid', 2, ''],
      ['refunded', 3, refund!.id],
      ['canceled', 4, refund!.id],
    ]);
    expect(
      (
        await grpcError(
          h.orders.refundOrder(
            { organisationId, orderId: order.id, full: true, amountMinor: 0, idempotencyKey: idempotencyKey() },
            owner,
          ),
        )
      ).code,
    ).toBe(status.FAILED_PRECONDITION);
  });

  /** Six organisers (or one clicking six times) each refund 40 % of one paid order at once; what the refunds ask, summed. */
  async function concurrentPartialRefunds(email: string): Promise<{ requested: number; paid: number }> {
    const order = await place(shopA, 2, email);
    await pay(order);
    const paid = Number(order.money!.totalMinor);
    const part = Math.floor(paid * 0.4);
    await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        h.orders.refundOrder(
          { organisationId, orderId: order.id, full: false, amountMinor: part, idempotencyKey: idempotencyKey() },
          owner,
        ),
      ),
    );
    // Counted from the refund rows themselves, not from the order's running total the guard keeps.
    const [row] = await h.sql<{ requested: number }>(
      'select coalesce(sum(amount_minor), 0)::int as requested from refund where order_id = ?',
      [order.id],
    );
    return { requested: row!.requested, paid };
  }

  it('concurrent partial refunds of one order never ask back more than was paid', async () => {
    const { requested, paid } = await concurrentPartialRefunds('refund-race@example.test');
    expect(requested).toBeLessThanOrEqual(paid);
    expect(requested).toBe(Math.floor(paid * 0.4) * 2);
  });

  it("control: without the order's row lock, the same refunds ask back more than was paid", async () => {
    h.running.ctx.unsafeUnlockedOrder = true;
    let outcome: { requested: number; paid: number };
    try {
      outcome = await concurrentPartialRefunds('refund-race-control@example.test');
    } finally {
      h.running.ctx.unsafeUnlockedOrder = false;
    }
    console.info(`refund race control: ${outcome.requested} asked back of ${outcome.paid} paid without the lock`);
    expect(outcome.requested).toBeGreaterThan(outcome.paid);
  });

  it('refuses unpaid orders, bad keys, and organisations that do not hold the order', async () => {
    const order = await place(shopA, 1, 'hal@example.test');
    expect(
      (
        await grpcError(
          h.orders.refundOrder(
            { organisationId, orderId: order.id, full: true, amountMinor: 0, idempotencyKey: idempotencyKey() },
            owner,
          ),
        )
      ).code,
    ).toBe(status.FAILED_PRECONDITION);
    expect(
      (
        await grpcError(
          h.orders.refundOrder(
            { organisationId, orderId: order.id, full: true, amountMinor: 0, idempotencyKey: 'x' },
            owner,
          ),
        )
      ).violations,
    ).toEqual([{ field: 'idempotencyKey', message: 'Idempotency key is invalid' }]);
    expect(
      (
        await grpcError(
          h.orders.refundOrder(
            { organisationId, orderId: order.id, full: false, amountMinor: 1, idempotencyKey: idempotencyKey() },
            scanner,
          ),
        )
      ).code,
    ).toBe(status.PERMISSION_DENIED);
  });
});

describe('ListOptIns', () => {
  it('lists each address that opted in with a paid order once, filtered by event and by when it was paid', async () => {
    const shopC = await seedShop(h, { organisationId, capacity: 20 });
    const shopD = await seedShop(h, { organisationId, capacity: 20 });
    // Within the seeded shops' sale window, which opened a while ago.
    const t1 = new Date(Date.now() - 30 * 60_000);
    const t2 = new Date(Date.now() - 5 * 60_000);
    const between = new Date(Date.now() - 15 * 60_000);
    const placePaid = async (seeded: SeededShop, email: string, subscribe: boolean, at: Date) => {
      h.clock.now = at;
      const { order } = await h.orders.checkout(
        checkoutRequest(seeded.shop.id, [{ itemId: seeded.item.id, quantity: 1 }], { email, subscribe, locale: 'nl' }),
      );
      await pay(order!);
      return order!;
    };
    await placePaid(shopC, 'zoe@example.test', true, t1);
    await placePaid(shopC, 'zoe@example.test', true, t2); // the same guest again: one row
    await placePaid(shopC, 'bea@example.test', false, t2); // did not opt in
    await placePaid(shopD, 'carl@example.test', true, t2); // another event
    h.clock.now = t2;
    await h.orders.checkout(
      checkoutRequest(shopC.shop.id, [{ itemId: shopC.item.id, quantity: 1 }], {
        email: 'adam@example.test',
        subscribe: true,
      }),
    ); // never paid

    const list = async (filters: { eventId?: string; paidFrom?: Date; paidUntil?: Date } = {}, as = owner) =>
      h.orders.listOptIns(
        {
          organisationId,
          eventId: filters.eventId ?? '',
          paidFrom: filters.paidFrom,
          paidUntil: filters.paidUntil,
          page: { pageSize: 100, pageToken: '' },
        },
        as,
      );
    const all = await list();
    expect(all.optIns.map((row) => [row.email, row.orders, row.locale])).toEqual([
      ['carl@example.test', 1, 'nl'],
      ['zoe@example.test', 2, 'nl'],
    ]);
    expect(all.optIns[1]).toMatchObject({ firstPaidAt: t1, lastPaidAt: t2 });
    expect(all.page).toMatchObject({ totalSize: 2, nextPageToken: '' });
    expect((await list({ eventId: shopC.event.id })).optIns.map((row) => row.email)).toEqual(['zoe@example.test']);
    expect((await list({ paidFrom: between })).optIns.map((row) => [row.email, row.orders])).toEqual([
      ['carl@example.test', 1],
      ['zoe@example.test', 1],
    ]);
    expect((await list({ paidUntil: between })).optIns.map((row) => [row.email, row.orders])).toEqual([
      ['zoe@example.test', 1],
    ]);
    // Two a page: the export walks every page.
    const first = await h.orders.listOptIns(
      { organisationId, eventId: '', paidFrom: undefined, paidUntil: undefined, page: { pageSize: 1, pageToken: '' } },
      owner,
    );
    const second = await h.orders.listOptIns(
      {
        organisationId,
        eventId: '',
        paidFrom: undefined,
        paidUntil: undefined,
        page: { pageSize: 1, pageToken: first.page!.nextPageToken },
      },
      owner,
    );
    expect([...first.optIns, ...second.optIns].map((row) => row.email)).toEqual([
      'carl@example.test',
      'zoe@example.test',
    ]);

    expect((await grpcError(list({}, scanner))).code).toBe(status.PERMISSION_DENIED);
    expect((await grpcError(list({ eventId: 'evt_nope' }))).code).toBe(status.INVALID_ARGUMENT);
    expect((await grpcError(list({ paidFrom: t2, paidUntil: t1 }))).violations).toEqual([
      { field: 'paidUntil', message: 'Until is invalid' },
    ]);
  });
});
