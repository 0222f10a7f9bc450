// Quota buckets against the real PostgreSQL: the projection applies the bucket policy (QUOTA_BUCKETS,
// QUOTA_BUCKET_MIN_CAPACITY) when it creates and grows quotas and shares capacity around what each bucket holds;
// checkout spills over buckets; and the CHECK constraint is the last line of defence, while a capacity lowered below
// what is held is still accepted.
import { TicketOptionChanged } from '@kassa/proto/catalog/events/v1/events';
import { expireOrder } from '../../src/application/expire-order';
import { optionChanged } from '../fixtures/catalog-messages';
import { type OrderingHarness, startOrderingHarness } from '../fixtures/ordering-harness';
import { checkoutRequest, seedShop } from '../fixtures/orders';

jest.setTimeout(60_000);

let h: OrderingHarness;

beforeAll(async () => {
  h = await startOrderingHarness('buckets', { env: { QUOTA_BUCKETS: '4', QUOTA_BUCKET_MIN_CAPACITY: '10' } });
}, 60_000);
afterAll(async () => {
  await h?.stop();
});
beforeEach(() => {
  h.clock.now = new Date();
});

type Bucket = { bucket: number; capacity: number | null; sold: number; reserved: number; overdraft: number };
const buckets = (quotaId: string) =>
  h.sql<Bucket>(
    'select bucket, capacity, sold, reserved, overdraft from quota_bucket where quota_id = ? order by bucket',
    [quotaId],
  );
const held = (rows: Bucket[]) => rows.reduce((sum, row) => sum + row.sold + row.reserved, 0);

it('small quotas keep one bucket; growing past the threshold adds buckets and shares the room around what is held', async () => {
  const seeded = await seedShop(h, { capacity: 5 });
  expect(await buckets(seeded.option.id)).toEqual([{ bucket: 0, capacity: 5, sold: 0, reserved: 0, overdraft: 0 }]);
  await h.orders.checkout(checkoutRequest(seeded.shop.id, [{ itemId: seeded.item.id, quantity: 2 }]));
  await h.project(
    'kassa.catalog.ticket_option.updated',
    TicketOptionChanged,
    optionChanged({ ...seeded.option, capacity: 40, version: 2 }),
  );
  expect(await h.sql('select bucket_count from quota where id = ?', [seeded.option.id])).toEqual([{ bucket_count: 4 }]);
  // 38 of room over four buckets (10, 10, 9, 9), on top of the 2 held in bucket 0.
  expect((await buckets(seeded.option.id)).map((row) => [row.capacity, row.reserved])).toEqual([
    [12, 2],
    [10, 0],
    [9, 0],
    [9, 0],
  ]);
  expect((await h.client.getAvailability({ shopId: seeded.shop.id })).items[0]).toMatchObject({
    status: 'available',
    maxQuantity: 20,
  });
  // Back below the threshold: the buckets stay (they may hold orders), the capacity is shared again.
  await h.project(
    'kassa.catalog.ticket_option.updated',
    TicketOptionChanged,
    optionChanged({ ...seeded.option, capacity: 8, version: 3 }),
  );
  const rows = await buckets(seeded.option.id);
  expect(rows.reduce((sum, row) => sum + row.capacity!, 0)).toBe(8);
  expect(rows[0]!.capacity).toBeGreaterThanOrEqual(2);
});

it('checkout spills over buckets, and expiry gives back exactly what it took from each', async () => {
  const seeded = await seedShop(h, { capacity: 20, maxPerOrder: 20 }); // four buckets of 5
  const { order } = await h.orders.checkout(
    checkoutRequest(seeded.shop.id, [{ itemId: seeded.item.id, quantity: 12 }]),
  );
  const taken = await h.sql<{ bucket: number; quantity: number }>(
    'select bucket, quantity from order_allocation where order_id = ? and quota_id = ? order by bucket',
    [order!.id, seeded.option.id],
  );
  expect(taken.reduce((sum, row) => sum + row.quantity, 0)).toBe(12);
  expect(taken.length).toBeGreaterThanOrEqual(3);
  expect(held(await buckets(seeded.option.id))).toBe(12);
  // What is left (8) is sold in one go, spread over whatever buckets still have room.
  await h.orders.checkout(checkoutRequest(seeded.shop.id, [{ itemId: seeded.item.id, quantity: 8 }]));
  expect((await buckets(seeded.option.id)).map((row) => row.reserved)).toEqual([5, 5, 5, 5]);
  h.clock.now = new Date(h.clock.now!.getTime() + 16 * 60_000);
  expect(await expireOrder(h.running.ctx, order!.id)).toBe(true);
  expect(held(await buckets(seeded.option.id))).toBe(8);
  expect(await h.sql('select count(*)::int as n from order_allocation where order_id = ?', [order!.id])).toEqual([
    { n: 0 },
  ]);
});

it('the CHECK refuses counts beyond capacity; a capacity lowered below what is sold is accepted and sells nothing more', async () => {
  const seeded = await seedShop(h, { capacity: 8 }); // one bucket
  await h.sql('update quota_bucket set sold = 6 where quota_id = ?', [seeded.option.id]);
  await expect(
    h.sql('update quota_bucket set reserved = reserved + 3 where quota_id = ?', [seeded.option.id]),
  ).rejects.toThrow(/quota_bucket_within_capacity/);

  await h.project(
    'kassa.catalog.ticket_option.updated',
    TicketOptionChanged,
    optionChanged({ ...seeded.option, capacity: 4, version: 2 }),
  );
  expect(await buckets(seeded.option.id)).toEqual([{ bucket: 0, capacity: 4, sold: 6, reserved: 0, overdraft: 2 }]);
  expect((await h.client.getAvailability({ shopId: seeded.shop.id })).items[0]).toMatchObject({ status: 'sold out' });
  // Growth stays refused while over; a refund shrinks the overdraft with the count, and it never grows back.
  await expect(
    h.sql('update quota_bucket set reserved = reserved + 1 where quota_id = ?', [seeded.option.id]),
  ).rejects.toThrow(/quota_bucket_within_capacity/);
  await h.sql('update quota_bucket set sold = sold - 1 where quota_id = ?', [seeded.option.id]);
  expect((await buckets(seeded.option.id))[0]).toMatchObject({ sold: 5, overdraft: 1 });
  await expect(h.sql('update quota_bucket set sold = sold + 1 where quota_id = ?', [seeded.option.id])).rejects.toThrow(
    /quota_bucket_within_capacity/,
  );
  await h.sql('update quota_bucket set sold = sold - 2 where quota_id = ?', [seeded.option.id]);
  expect((await buckets(seeded.option.id))[0]).toMatchObject({ sold: 3, overdraft: 0 });
  const { order } = await h.orders.checkout(checkoutRequest(seeded.shop.id, [{ itemId: seeded.item.id, quantity: 1 }]));
  expect(order!.status).toBe('reserved');
  expect((await h.client.getAvailability({ shopId: seeded.shop.id })).items[0]).toMatchObject({ status: 'sold out' });
});
