import fc from 'fast-check';
import {
  type BucketCounts,
  bucketCountFor,
  bucketRoom,
  planTake,
  quotaDemands,
  quotaRoom,
  shareCapacity,
} from '../../src/domain/quota-allocation';

const bucket = (index: number, capacity: number | null, sold = 0, reserved = 0): BucketCounts => ({
  bucket: index,
  capacity,
  sold,
  reserved,
});

describe('quota demands', () => {
  it("add up the lines per quota (an event's quota shared by two items), sorted by quota id: the lock order", () => {
    expect(
      quotaDemands([
        { quotaIds: ['tko_b', 'evt_x'], quantity: 2 },
        { quotaIds: ['tko_a', 'evt_x', 'evt_y', 'evt_x'], quantity: 3 },
      ]),
    ).toEqual([
      { quotaId: 'evt_x', quantity: 5 },
      { quotaId: 'evt_y', quantity: 3 },
      { quotaId: 'tko_a', quantity: 3 },
      { quotaId: 'tko_b', quantity: 2 },
    ]);
  });
});

describe('taking from buckets', () => {
  const buckets = [bucket(0, 5, 5), bucket(1, 5, 1, 2), bucket(2, 5), bucket(3, 5, 0, 4)];
  it('starts at the chosen bucket and spills over to the next ones, in a circle', () => {
    expect(planTake(buckets, 2, 2)).toEqual([{ bucket: 2, quantity: 2 }]);
    expect(planTake(buckets, 7, 2)).toEqual([
      { bucket: 2, quantity: 5 },
      { bucket: 3, quantity: 1 },
      { bucket: 1, quantity: 1 },
    ]);
    expect(planTake(buckets, 3, 0)).toEqual([
      { bucket: 1, quantity: 2 },
      { bucket: 2, quantity: 1 },
    ]);
    expect(planTake(buckets, 8, 1)).toEqual([
      { bucket: 1, quantity: 2 },
      { bucket: 2, quantity: 5 },
      { bucket: 3, quantity: 1 },
    ]);
  });
  it('answers null when all buckets together have less room', () => {
    expect(planTake(buckets, 9, 0)).toBeNull();
    expect(quotaRoom(buckets)).toBe(8);
  });
  it('unlimited buckets always have room; a bucket over a lowered capacity has none', () => {
    expect(planTake([bucket(0, null, 1_000)], 50, 0)).toEqual([{ bucket: 0, quantity: 50 }]);
    expect(quotaRoom([bucket(0, null)])).toBeNull();
    expect(bucketRoom(bucket(0, 6, 8))).toBe(0);
  });
  it('property: a plan takes exactly what is wanted, never more than a bucket has room for, or is null only when there is not enough', () => {
    const arbBuckets = fc
      .array(fc.record({ capacity: fc.nat(30), sold: fc.nat(30), reserved: fc.nat(30) }), {
        minLength: 1,
        maxLength: 8,
      })
      .map((rows) => rows.map((row, index) => bucket(index, row.capacity, row.sold, row.reserved)));
    fc.assert(
      fc.property(arbBuckets, fc.integer({ min: 1, max: 60 }), fc.nat(20), (rows, quantity, start) => {
        const plan = planTake(rows, quantity, start);
        const room = quotaRoom(rows)!;
        if (plan === null) {
          expect(room).toBeLessThan(quantity);
          return;
        }
        expect(plan.reduce((sum, take) => sum + take.quantity, 0)).toBe(quantity);
        for (const take of plan) {
          expect(take.quantity).toBeGreaterThan(0);
          expect(take.quantity).toBeLessThanOrEqual(bucketRoom(rows[take.bucket]!));
        }
        expect(new Set(plan.map((take) => take.bucket)).size).toBe(plan.length);
        expect(plan[0]!.bucket === start % rows.length || bucketRoom(rows[start % rows.length]!) === 0).toBe(true);
      }),
    );
  });
});

describe('sharing a capacity over buckets that hold tickets', () => {
  it('gives each bucket what it holds, then the room evenly', () => {
    expect(shareCapacity(20, [0, 0, 0, 0])).toEqual([5, 5, 5, 5]);
    expect(shareCapacity(10, [5, 0])).toEqual([8, 2]);
    expect(shareCapacity(12, [1, 2, 3])).toEqual([3, 4, 5]);
    expect(shareCapacity(null, [3, 4])).toEqual([null, null]);
  });
  it('below what is held: every bucket without room, nothing cancelled', () => {
    expect(shareCapacity(6, [5, 3])).toEqual([5, 1]);
    expect(shareCapacity(0, [2, 2])).toEqual([0, 0]);
  });
  it('property: the shares add up to the capacity and the room is exactly capacity minus what is held', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.array(fc.nat(500), { minLength: 1, maxLength: 16 }), (capacity, held) => {
        const shares = shareCapacity(capacity, held) as number[];
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(capacity);
        const buckets = held.map((count, index) => bucket(index, shares[index]!, count));
        const total = held.reduce((sum, count) => sum + count, 0);
        expect(quotaRoom(buckets)).toBe(Math.max(0, capacity - total));
        if (capacity >= total) shares.forEach((share, index) => expect(share).toBeGreaterThanOrEqual(held[index]!));
        else shares.forEach((share, index) => expect(share).toBeLessThanOrEqual(held[index]!));
      }),
    );
  });
});

describe('how many buckets a quota gets', () => {
  const policy = { buckets: 4, minCapacity: 100 };
  it('large and unlimited quotas get the policy’s buckets, small ones one; never fewer than they have', () => {
    expect(bucketCountFor(99, policy)).toBe(1);
    expect(bucketCountFor(100, policy)).toBe(4);
    expect(bucketCountFor(null, policy)).toBe(4);
    expect(bucketCountFor(10, policy, 4)).toBe(4);
    expect(bucketCountFor(1_000, { buckets: 1, minCapacity: 100 })).toBe(1);
  });
});
