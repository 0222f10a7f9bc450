// Checkout through the gRPC API against the real PostgreSQL, Redis and NATS: reservation, money, idempotency,
// validation, password shops, free orders, the guest's and payments' views, and expiry (moved clock and one real
// delayed BullMQ job).
import { PAYABLE_ORDER_ATTESTATION } from '@kassa/contracts/payable-order';
import { type GrpcCallError, readAttestation, status, type Workload } from '@kassa/platform/grpc';
import { testCallerVerifiers } from '@kassa/platform/testing';
import { GetPayableOrderResponse } from '@kassa/proto/ordering/v1/orders';
import { ShopChanged } from '@kassa/proto/catalog/events/v1/events';
import { OrderChanged } from '@kassa/proto/ordering/events/v1/events';
import { newId } from '@kassa/platform/ids';
import { expireOrder } from '../../src/application/expire-order';
import { OrderEntity } from '../../src/persistence/order.entity';
import { insertPlacedOrder, loadLines } from '../../src/persistence/order.repository';
import { deriveShopAccessKey, issueShopAccessToken } from '@kassa/platform/crypto';
import { shopChanged } from '../fixtures/catalog-messages';
import { type OrderingHarness, startOrderingHarness } from '../fixtures/ordering-harness';
import { checkoutRequest, idempotencyKey, seedShop } from '../fixtures/orders';

jest.setTimeout(60_000);

let h: OrderingHarness;
const MINUTE = 60_000;
const FEE = 49;

beforeAll(async () => {
  // Shops without a hold of their own hold for ORDER_HOLD_MINUTES: 3 s here, for the real delayed job.
  h = await startOrderingHarness('checkout', { env: { ORDER_HOLD_MINUTES: '0.05' } });
}, 60_000);
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
const counts = async (quotaId: string) =>
  (
    await h.sql<{ sold: number; reserved: number }>(
      'select sum(sold)::int as sold, sum(reserved)::int as reserved from quota_bucket where quota_id = ?',
      [quotaId],
    )
  )[0]!;
const orderEvents = async (orderId: string) =>
  (await h.orderingMessages())
    .filter((m) => m.subject.startsWith('kassa.ordering.order.'))
    .map((m) => ({ subject: m.subject, event: OrderChanged.decode(m.data) }))
    .filter((m) => m.event.order?.id === orderId);

describe('Checkout', () => {
  it('reserves every quota of the cart, prices it and commits the order with order.reserved and its expiry job', async () => {
    const { shop, item, option, event } = await seedShop(h, {
      capacity: 10,
      ticketLimit: 50,
      code: { code: 'SUMMER10', type: 'percentage', value: 10 },
    });
    const { order, created } = await h.orders.checkout(
      checkoutRequest(shop.id, [{ itemId: item.id, quantity: 3 }], {
        email: ' Guest@Example.TEST ',
        discountCode: 'summer10',
        donationMinor: 500,
        subscribe: true,
        locale: 'nl',
      }),
    );
    expect(created).toBe(true);
    expect(order).toMatchObject({
      shopId: shop.id,
      status: 'reserved',
      email: 'guest@example.test',
      discountCode: 'SUMMER10',
      payable: true,
      outcome: '',
      locale: 'nl',
      money: {
        currency: 'EUR',
        subtotalMinor: 7500,
        discountMinor: 750,
        donationMinor: 500,
        feeMinor: 3 * FEE,
        totalMinor: 7500 - 750 + 500 + 3 * FEE,
        refundedMinor: 0,
      },
      lines: [
        {
          itemId: item.id,
          ticketOptionId: option.id,
          eventIds: [event.id],
          name: 'Regular',
          quantity: 3,
          unitPriceMinor: 2500,
          subtotalMinor: 7500,
          discountMinor: 750,
          totalMinor: 6750,
        },
      ],
    });
    expect(order!.id).toMatch(/^ord_[0-9a-z]{26}$/);
    expect(order!.number).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(order!.expiresAt!.getTime()).toBe(h.clock.now!.getTime() + 15 * MINUTE);
    expect(await counts(option.id)).toEqual({ sold: 0, reserved: 3 });
    expect(await counts(event.id)).toEqual({ sold: 0, reserved: 3 });
    expect(await h.sql('select used from discount_usage')).toEqual(expect.arrayContaining([{ used: 3 }]));
    expect(await h.sql('select subscribe, discount_uses from orders where id = ?', [order!.id])).toEqual([
      { subscribe: true, discount_uses: 3 },
    ]);
    expect(await h.sql('select action from order_history where order_id = ?', [order!.id])).toEqual([
      { action: 'reserved' },
    ]);

    const events = await h.eventually(async () => {
      const found = await orderEvents(order!.id);
      return found.length > 0 ? found : undefined;
    }, 'order.reserved on the stream');
    expect(events.map((e) => e.subject)).toEqual(['kassa.ordering.order.reserved']);
    expect(events[0]!.event).toMatchObject({
      change: 'reserved',
      version: 1,
      order: { id: order!.id, status: 'reserved', subscribe: true, ticketCount: 3 },
    });
    const job = await h.running.queue.getJob(`expire-order-${order!.id}`);
    expect(job?.name).toBe('expire-order');
    expect(await job?.isDelayed()).toBe(true);
  });

  it('answers a retry with the same order, and refuses the same key for another cart', async () => {
    const { shop, item, option } = await seedShop(h, { capacity: 10 });
    const request = checkoutRequest(shop.id, [{ itemId: item.id, quantity: 2 }]);
    const first = await h.orders.checkout(request);
    const again = await h.orders.checkout({ ...request, lines: [...request.lines] });
    expect(again.created).toBe(false);
    expect(again.order!.id).toBe(first.order!.id);
    expect(await counts(option.id)).toEqual({ sold: 0, reserved: 2 });

    const other = await grpcError(h.orders.checkout({ ...request, lines: [{ itemId: item.id, quantity: 3 }] }));
    expect(other.code).toBe(status.INVALID_ARGUMENT);
    expect(other.violations).toEqual([{ field: 'idempotencyKey', message: 'Idempotency key is invalid' }]);

    // The same key sent five times at once: one order.
    const key = idempotencyKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => h.orders.checkout({ ...request, idempotencyKey: key })),
    );
    expect(new Set(answers.map((a) => a.order!.id)).size).toBe(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(await counts(option.id)).toEqual({ sold: 0, reserved: 4 });
  });

  it("refuses bad requests with every field's message", async () => {
    const { shop, item } = await seedShop(h, { capacity: 5, maxPerOrder: 4 });
    const violations = async (request: Parameters<typeof h.orders.checkout>[0]) => {
      const error = await grpcError(h.orders.checkout(request));
      expect(error.code).toBe(status.INVALID_ARGUMENT);
      return error.violations;
    };
    expect(
      await violations(
        checkoutRequest(shop.id, [], { email: '', idempotencyKey: 'short', donationMinor: -1, locale: 'de' }),
      ),
    ).toEqual([
      { field: 'lines', message: 'Checkout needs at least one item' },
      { field: 'email', message: 'Email is required' },
      { field: 'donationMinor', message: 'Minimum value is 0' },
      { field: 'idempotencyKey', message: 'Idempotency key is invalid' },
      { field: 'locale', message: 'Locale is invalid' },
    ]);
    expect(
      await violations(
        checkoutRequest(
          'shp_1',
          [
            { itemId: 'nonsense', quantity: 0 },
            { itemId: item.id, quantity: 1 },
            { itemId: item.id, quantity: 1 },
          ],
          {
            email: 'not-an-address',
            idempotencyKey: '',
          },
        ),
      ),
    ).toEqual([
      { field: 'shopId', message: 'ID is invalid' },
      { field: 'lines.0.itemId', message: 'ID is invalid' },
      { field: 'lines.0.quantity', message: 'Minimum value is 1' },
      { field: 'lines.2.itemId', message: 'Each item can be in the cart only once' },
      { field: 'email', message: 'Email is invalid' },
      { field: 'idempotencyKey', message: 'Idempotency key is required' },
    ]);
    expect(
      await violations(
        checkoutRequest(shop.id, [{ itemId: item.id, quantity: 1 }], { email: `${'a'.repeat(250)}@example.test` }),
      ),
    ).toEqual([{ field: 'email', message: 'Email is too long' }]);
    // A NUL (which PostgreSQL cannot store) or another control character: refused at the server's door, nothing written.
    const ordersBefore = (await h.sql<{ count: string }>('select count(*) from orders'))[0]!.count;
    expect(
      await violations(
        checkoutRequest(shop.id, [{ itemId: item.id, quantity: 1 }], {
          email: 'guest@example.test\u0000',
          discountCode: '\u0007',
        }),
      ),
    ).toEqual([
      { field: 'email', message: 'Email is invalid' },
      { field: 'discountCode', message: 'Discount code is invalid' },
    ]);
    expect((await h.sql<{ count: string }>('select count(*) from orders'))[0]!.count).toBe(ordersBefore);
    // Against the projection: limits, unknown items, donation, discount code.
    expect(
      await violations(
        checkoutRequest(
          shop.id,
          [
            { itemId: item.id, quantity: 5 },
            { itemId: 'itm_01aaaaaaaaaaaaaaaaaaaaaaaa', quantity: 1 },
          ],
          {
            donationMinor: 700,
            discountCode: 'NOPE',
          },
        ),
      ),
    ).toEqual([
      { field: 'lines.0.quantity', message: 'Maximum value is 4' },
      { field: 'lines.1.itemId', message: 'ID is invalid' },
      { field: 'donationMinor', message: 'Donation is invalid' },
      { field: 'discountCode', message: 'Discount code is invalid' },
    ]);
    const unknownShop = await grpcError(
      h.orders.checkout(checkoutRequest('shp_01aaaaaaaaaaaaaaaaaaaaaaaa', [{ itemId: item.id, quantity: 1 }])),
    );
    expect(unknownShop.code).toBe(status.NOT_FOUND);
    // Sold out: the count is read under the lock, the answer names the line.
    await h.sql(
      'update quota_bucket set sold = 5 where quota_id = (select ticket_option_id from shop_item where id = ?)',
      [item.id],
    );
    expect(await violations(checkoutRequest(shop.id, [{ itemId: item.id, quantity: 1 }]))).toEqual([
      { field: 'lines.0.quantity', message: 'This item is sold out' },
    ]);
  });

  it('holds a shop closed, upcoming or password protected to its rules', async () => {
    const upcoming = await seedShop(h, { shop: { window: 'upcoming', opensAt: new Date(Date.now() + 60 * MINUTE) } });
    const early = await grpcError(
      h.orders.checkout(checkoutRequest(upcoming.shop.id, [{ itemId: upcoming.item.id, quantity: 1 }])),
    );
    expect(early.violations).toEqual([{ field: 'lines.0.quantity', message: 'This item is not on sale yet' }]);
    await h.project(
      'kassa.catalog.shop.closed',
      ShopChanged,
      shopChanged({ ...upcoming.shop, version: 2, window: 'closed' }, 'closed'),
    );
    expect(
      (
        await grpcError(
          h.orders.checkout(checkoutRequest(upcoming.shop.id, [{ itemId: upcoming.item.id, quantity: 1 }])),
        )
      ).code,
    ).toBe(status.NOT_FOUND);

    const locked = await seedShop(h, { shop: { passwordProtected: true }, passwordVersion: 2 });
    const key = deriveShopAccessKey(Buffer.from(h.sealingKey, 'base64url'));
    const lines = [{ itemId: locked.item.id, quantity: 1 }];
    expect((await grpcError(h.orders.checkout(checkoutRequest(locked.shop.id, lines)))).code).toBe(
      status.PERMISSION_DENIED,
    );
    const stale = issueShopAccessToken(key, locked.shop.id, 1);
    expect(
      (await grpcError(h.orders.checkout(checkoutRequest(locked.shop.id, lines, { accessToken: stale })))).code,
    ).toBe(status.PERMISSION_DENIED);
    const { order } = await h.orders.checkout(
      checkoutRequest(locked.shop.id, lines, { accessToken: issueShopAccessToken(key, locked.shop.id, 2) }),
    );
    expect(order!.status).toBe('reserved');
  });

  it('pays a free order at once: sold, order.paid, no hold, no job', async () => {
    const { shop, freeItem, freeOption } = await seedShop(h, { freeItem: true });
    const { order } = await h.orders.checkout(checkoutRequest(shop.id, [{ itemId: freeItem!.id, quantity: 2 }]));
    expect(order).toMatchObject({
      status: 'paid',
      payable: false,
      money: { totalMinor: 0, feeMinor: 0 },
      lines: [{ name: 'Child (free)', quantity: 2 }],
    });
    expect(order!.expiresAt).toBeUndefined();
    expect(order!.paidAt).toEqual(h.clock.now);
    expect(await counts(freeOption!.id)).toEqual({ sold: 2, reserved: 0 });
    const events = await h.eventually(
      async () => ((await orderEvents(order!.id)).length > 0 ? orderEvents(order!.id) : undefined),
      'order.paid',
    );
    expect(events.map((e) => e.subject)).toEqual(['kassa.ordering.order.paid']);
    expect(await h.running.queue.getJob(`expire-order-${order!.id}`)).toBeUndefined();
  });

  it("counts a discount code's uses with the reservation and refuses a used-up code", async () => {
    const { shop, item } = await seedShop(h, { code: { code: 'ONCE', type: 'fixed', value: 500, maxUses: 2 } });
    const first = await h.orders.checkout(
      checkoutRequest(shop.id, [{ itemId: item.id, quantity: 3 }], { discountCode: 'once' }),
    );
    // Two uses left, three tickets: the two dearest are discounted.
    expect(first.order!.money).toMatchObject({ discountMinor: 1000 });
    const second = await grpcError(
      h.orders.checkout(checkoutRequest(shop.id, [{ itemId: item.id, quantity: 1 }], { discountCode: 'ONCE' })),
    );
    expect(second.violations).toEqual([{ field: 'discountCode', message: 'Discount code is invalid' }]);
    // The hold ends: the uses come back.
    h.clock.now = new Date(h.clock.now!.getTime() + 16 * MINUTE);
    expect(await expireOrder(h.running.ctx, first.order!.id)).toBe(true);
    const third = await h.orders.checkout(
      checkoutRequest(shop.id, [{ itemId: item.id, quantity: 1 }], { discountCode: 'ONCE' }),
    );
    expect(third.order!.money).toMatchObject({ discountMinor: 500 });
  });
});

describe('order numbers', () => {
  it('are unique: a number already taken is replaced by a fresh one, and nothing of the order is written under it', async () => {
    const { shop, item } = await seedShop(h);
    const { order } = await h.orders.checkout(checkoutRequest(shop.id, [{ itemId: item.id, quantity: 1 }]));
    const em = h.running.ctx.orm.em.fork();
    const row = await em.findOneOrFail(OrderEntity, { id: order!.id });
    const [line] = (await loadLines(em, [order!.id])).get(order!.id)!;
    const id = newId('ord');
    const numbers = [order!.number, order!.number, 'ZZZZ-ZZZ1'];
    const messagesFor: string[] = [];
    const written = await em
      .transactional(async (tx) => {
        const number = await insertPlacedOrder(
          tx,
          { ...row, id, clientAddress: null },
          {
            lines: [{ ...line!, orderId: id }],
            allocations: [
              { quotaId: item.ticketOptionId, bucket: 0, quantity: 1 },
              { quotaId: item.ticketOptionId, bucket: 0, quantity: 1 },
            ],
            history: { at: h.clock.now!, action: 'reserved', properties: { totalMinor: 1 } },
            message: (candidate) => {
              messagesFor.push(candidate);
              return {
                id: newId('obx'),
                subject: 'kassa.ordering.order.reserved',
                payload: Buffer.from(candidate),
                headers: {},
              };
            },
          },
          () => numbers.shift()!,
        );
        const count = async (sql: string, params: unknown[]) =>
          Number((await tx.execute<{ n: string }[]>(sql, params))[0]!.n);
        const figures = {
          number,
          orders: await count('select count(*) as n from orders where id = ?', [id]),
          lines: await count('select count(*) as n from order_line where order_id = ?', [id]),
          allocations: await count('select sum(quantity) as n from order_allocation where order_id = ?', [id]),
          history: await count('select count(*) as n from order_history where order_id = ?', [id]),
          messages: await count('select count(*) as n from outbox where payload in (?, ?)', [
            Buffer.from(order!.number),
            Buffer.from('ZZZZ-ZZZ1'),
          ]),
        };
        // Nothing of this test's order is left behind for the other tests' streams.
        throw Object.assign(new Error('roll back'), { figures });
      })
      .catch((error: Error & { figures?: unknown }) => {
        if (error.figures === undefined) throw error;
        return error.figures;
      });
    // One order, its one line, its two allocations in one bucket merged, one entry and one message: all under the
    // fresh number, none under the taken one.
    expect(written).toEqual({ number: 'ZZZZ-ZZZ1', orders: 1, lines: 1, allocations: 2, history: 1, messages: 1 });
    expect(messagesFor).toEqual([order!.number, order!.number, 'ZZZZ-ZZZ1']);
    expect(numbers).toEqual([]);
  });
});

describe('the guest and payments', () => {
  it("answers a held order's checkout with GetPayableOrder's answer attested for payments only; a free order with none", async () => {
    const { shop, item, freeItem } = await seedShop(h, { freeItem: true });
    const request = checkoutRequest(shop.id, [{ itemId: item.id, quantity: 2 }]);
    const placed = await h.orders.checkout(request);
    const { signer, reader, purpose, maxAgeSeconds } = PAYABLE_ORDER_ATTESTATION;
    const read = (attestation: string, at: Workload = reader) =>
      readAttestation(testCallerVerifiers(at), signer, purpose, attestation, maxAgeSeconds, h.clock.now!.getTime());
    const said = read(placed.payableOrderAttestation);
    expect(said && GetPayableOrderResponse.decode(said)).toEqual(
      await h.orders.getPayableOrder({ orderId: placed.order!.id }),
    );
    expect(GetPayableOrderResponse.decode(said!)).toMatchObject({ payable: true, amountMinor: 2 * (2500 + FEE) });
    // Nobody but payments can read it as ordering's word.
    expect(read(placed.payableOrderAttestation, 'ticketing')).toBeUndefined();
    // The retry's answer carries one too; a free order has nothing to pay and none.
    expect(read((await h.orders.checkout(request)).payableOrderAttestation)).toEqual(said);
    const free = await h.orders.checkout(checkoutRequest(shop.id, [{ itemId: freeItem!.id, quantity: 1 }]));
    expect(free.order!.status).toBe('paid');
    expect(free.payableOrderAttestation).toBe('');
  });

  it("GetGuestOrder answers by id and access key, GetPayableOrder by id; NOT_FOUND when unknown or the key is not the order's", async () => {
    const { shop, item } = await seedShop(h);
    const { order } = await h.orders.checkout(checkoutRequest(shop.id, [{ itemId: item.id, quantity: 1 }]));
    expect((await h.orders.getGuestOrder({ orderId: order!.id, accessKey: order!.accessKey })).order).toEqual(order);
    expect(await h.orders.getPayableOrder({ orderId: order!.id })).toEqual({
      orderId: order!.id,
      number: order!.number,
      organisationId: shop.organisationId,
      shopId: shop.id,
      status: 'reserved',
      payable: true,
      amountMinor: 2500 + FEE,
      currency: 'EUR',
      expiresAt: order!.expiresAt,
      email: 'guest@example.test',
      locale: 'en',
      accessKey: order!.accessKey,
    });
    expect(order!.accessKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(
      (
        await grpcError(
          h.orders.getGuestOrder({ orderId: 'ord_01aaaaaaaaaaaaaaaaaaaaaaaa', accessKey: order!.accessKey }),
        )
      ).code,
    ).toBe(status.NOT_FOUND);
    // The id alone, or with another order's key, opens nothing: the same answer as an unknown id.
    const { order: other } = await h.orders.checkout(checkoutRequest(shop.id, [{ itemId: item.id, quantity: 1 }]));
    for (const accessKey of ['', other!.accessKey, order!.accessKey.toLowerCase(), `${order!.accessKey}A`]) {
      if (accessKey === order!.accessKey) continue;
      expect((await grpcError(h.orders.getGuestOrder({ orderId: order!.id, accessKey }))).code).toBe(status.NOT_FOUND);
    }
    expect((await grpcError(h.orders.getPayableOrder({ orderId: 'nonsense' }))).violations).toEqual([
      { field: 'orderId', message: 'ID is invalid' },
    ]);
    // Past the hold (before the job ran) it is no longer payable.
    h.clock.now = new Date(h.clock.now!.getTime() + 15 * MINUTE);
    expect(await h.orders.getPayableOrder({ orderId: order!.id })).toMatchObject({
      status: 'reserved',
      payable: false,
    });
  });
});

describe('expiry', () => {
  it('the sweep expires overdue holds (moved clock): tickets back on sale, order.expired, idempotent', async () => {
    const { shop, item, option } = await seedShop(h, { capacity: 4 });
    const { order } = await h.orders.checkout(checkoutRequest(shop.id, [{ itemId: item.id, quantity: 4 }]));
    expect((await h.client.getAvailability({ shopId: shop.id })).items[0]!.status).toBe('sold out');
    // (Earlier tests' holds end in the same sweeps; this order is what is looked at.)
    const statusNow = async () =>
      (await h.orders.getGuestOrder({ orderId: order!.id, accessKey: order!.accessKey })).order!.status;
    h.clock.now = new Date(h.clock.now!.getTime() + 15 * MINUTE - 1);
    await h.running.sweeper.runOnce();
    expect(await statusNow()).toBe('reserved');
    h.clock.now = new Date(h.clock.now.getTime() + 1);
    expect((await h.running.sweeper.runOnce()).expired).toBeGreaterThanOrEqual(1);
    expect(await statusNow()).toBe('expired');
    expect(await counts(option.id)).toEqual({ sold: 0, reserved: 0 });
    expect((await h.client.getAvailability({ shopId: shop.id })).items[0]).toMatchObject({
      status: 'available',
      maxQuantity: 4,
    });
    const expired = (await h.orders.getGuestOrder({ orderId: order!.id, accessKey: order!.accessKey })).order!;
    expect(expired).toMatchObject({ status: 'expired', outcome: 'expired', payable: false });
    expect(expired.expiresAt).toBeUndefined();
    expect(await expireOrder(h.running.ctx, order!.id)).toBe(false); // the job arriving late changes nothing
    const events = await h.eventually(async () => {
      const found = await orderEvents(order!.id);
      return found.length === 2 ? found : undefined;
    }, 'order.expired');
    expect(events.map((e) => [e.subject, e.event.version])).toEqual([
      ['kassa.ordering.order.reserved', 1],
      ['kassa.ordering.order.expired', 2],
    ]);
  });

  it('a real delayed job expires a hold when it ends', async () => {
    h.clock.now = null; // the real clock: BullMQ's delay runs on it
    const { shop, item, option } = await seedShop(h, { shop: { reservationMinutes: 0 } });
    const started = Date.now();
    const { order } = await h.orders.checkout(checkoutRequest(shop.id, [{ itemId: item.id, quantity: 2 }]));
    expect(order!.expiresAt!.getTime() - started).toBeGreaterThanOrEqual(2_900);
    expect(order!.expiresAt!.getTime() - started).toBeLessThan(4_000);
    await h.eventually(
      async () =>
        (await h.orders.getGuestOrder({ orderId: order!.id, accessKey: order!.accessKey })).order!.status === 'expired',
      'the job expired the order',
      15_000,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(order!.expiresAt!.getTime());
    expect(await counts(option.id)).toEqual({ sold: 0, reserved: 0 });
  });
});
