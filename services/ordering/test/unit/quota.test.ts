import fc from 'fast-check';
import { bucketShares, leastLeft, quotaLeft } from '../../src/domain/quota';

describe('quota buckets', () => {
  it('one bucket holds the whole capacity', () => {
    expect(bucketShares(450, 1)).toEqual([450]);
    expect(bucketShares(null, 1)).toEqual([null]);
  });
  it('shares differ by at most one, the first buckets taking the remainder', () => {
    expect(bucketShares(10, 4)).toEqual([3, 3, 2, 2]);
    expect(bucketShares(2, 4)).toEqual([1, 1, 0, 0]);
    expect(bucketShares(null, 3)).toEqual([null, null, null]);
    expect(() => bucketShares(10, 0)).toThrow();
  });
  it('property: shares add up to the capacity', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.integer({ min: 1, max: 64 }), (capacity, count) => {
        const shares = bucketShares(capacity, count) as number[];
        expect(shares.reduce((a, b) => a + b, 0)).toBe(capacity);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });
  it('left is the room over all buckets, never negative; null when unlimited', () => {
    expect(
      quotaLeft({
        id: 'q',
        capacity: 10,
        buckets: [
          { capacity: 5, sold: 5, reserved: 0 },
          { capacity: 5, sold: 1, reserved: 1 },
        ],
      }),
    ).toBe(3);
    expect(quotaLeft({ id: 'q', capacity: 10, buckets: [{ capacity: 10, sold: 12, reserved: 0 }] })).toBe(0);
    expect(quotaLeft({ id: 'q', capacity: null, buckets: [{ capacity: null, sold: 12, reserved: 0 }] })).toBeNull();
    expect(leastLeft([])).toBeNull();
    expect(
      leastLeft([
        { id: 'a', capacity: null, buckets: [] },
        { id: 'b', capacity: 4, buckets: [{ capacity: 4, sold: 1, reserved: 0 }] },
      ]),
    ).toBe(3);
  });
});
