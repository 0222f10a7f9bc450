import fc from 'fast-check';
import {
  type AvailabilityStatus,
  PLATFORM_MAX_PER_LINE,
  REMAINING_THRESHOLD,
  grantsSellable,
  itemAvailability,
} from '../../src/domain/availability';
import type { Quota } from '../../src/domain/quota';
import { type Window, saleWindow, shopWindow, windowAt } from '../../src/domain/sale-window';

const quota = (capacity: number | null, sold = 0, reserved = 0): Quota => ({
  id: 'q',
  capacity,
  buckets: [{ capacity, sold, reserved }],
});

/** The quota situations the spec names, each as its quotas and what is left. */
const QUOTA_STATES = {
  'some left': { quotas: [quota(100, 60, 10)], left: 30 },
  'few left': { quotas: [quota(10, 4, 3)], left: 3 },
  'none left': { quotas: [quota(50, 40, 10)], left: 0 },
  unlimited: { quotas: [quota(null, 1_000, 5)], left: null },
  'capacity lowered below sold': { quotas: [quota(20, 25, 0)], left: 0 },
} as const;
const WINDOWS: Window[] = ['upcoming', 'open', 'closed'];

describe('itemAvailability: every shop window × sale window × quota state × sellable', () => {
  const cases = WINDOWS.flatMap((shop) =>
    WINDOWS.flatMap((sale) =>
      (Object.keys(QUOTA_STATES) as (keyof typeof QUOTA_STATES)[]).flatMap((state) =>
        [true, false].map((sellable) => ({ shop, sale, state, sellable })),
      ),
    ),
  );
  it.each(cases)('shop $shop, sale $sale, $state, sellable $sellable', ({ shop, sale, state, sellable }) => {
    const { quotas, left } = QUOTA_STATES[state];
    const expected: AvailabilityStatus =
      shop === 'closed' || sale === 'closed' || !sellable
        ? 'closed'
        : left === 0
          ? 'sold out'
          : shop === 'upcoming' || sale === 'upcoming'
            ? 'upcoming'
            : 'available';
    const answer = itemAvailability({ shopWindow: shop, saleWindow: sale, sellable, quotas, maxPerOrder: null });
    expect(answer.status).toBe(expected);
    if (expected === 'available') {
      expect(answer.maxQuantity).toBe(Math.min(left ?? Infinity, PLATFORM_MAX_PER_LINE));
      expect(answer.remaining).toBe(left !== null && left <= REMAINING_THRESHOLD ? left : null);
    } else {
      expect(answer).toEqual({ status: expected, maxQuantity: 0, remaining: null });
    }
  });
});

describe('itemAvailability limits', () => {
  const open = { shopWindow: 'open', saleWindow: 'open', sellable: true } as const;
  it('takes the least of every quota, the per-order maximum and the platform cap', () => {
    expect(itemAvailability({ ...open, quotas: [quota(100), quota(7)], maxPerOrder: null })).toEqual({
      status: 'available',
      maxQuantity: 7,
      remaining: 7,
    });
    expect(itemAvailability({ ...open, quotas: [quota(100), quota(null)], maxPerOrder: 4 })).toEqual({
      status: 'available',
      maxQuantity: 4,
      remaining: null,
    });
    expect(itemAvailability({ ...open, quotas: [quota(null)], maxPerOrder: 50 })).toEqual({
      status: 'available',
      maxQuantity: 20,
      remaining: null,
    });
    expect(itemAvailability({ ...open, quotas: [], maxPerOrder: null }).maxQuantity).toBe(PLATFORM_MAX_PER_LINE);
  });
  it('tells what is left from the threshold down, never for plenty or unlimited', () => {
    expect(itemAvailability({ ...open, quotas: [quota(REMAINING_THRESHOLD)], maxPerOrder: null }).remaining).toBe(
      REMAINING_THRESHOLD,
    );
    expect(
      itemAvailability({ ...open, quotas: [quota(REMAINING_THRESHOLD + 1)], maxPerOrder: null }).remaining,
    ).toBeNull();
  });
  it('one empty quota among several sells out the item (an event limit reached by other options)', () => {
    expect(itemAvailability({ ...open, quotas: [quota(100, 1), quota(300, 200, 100)], maxPerOrder: null }).status).toBe(
      'sold out',
    );
  });
  it('property: maxQuantity is within 0..20, never above any finite quota, and 0 unless available', () => {
    const arbQuota = fc
      .record({ capacity: fc.option(fc.nat(200), { nil: null }), sold: fc.nat(250), reserved: fc.nat(50) })
      .map((q) => quota(q.capacity, q.sold, q.reserved));
    fc.assert(
      fc.property(
        fc.constantFrom(...WINDOWS),
        fc.constantFrom(...WINDOWS),
        fc.boolean(),
        fc.array(arbQuota, { maxLength: 4 }),
        fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
        (shop, sale, sellable, quotas, maxPerOrder) => {
          const answer = itemAvailability({ shopWindow: shop, saleWindow: sale, sellable, quotas, maxPerOrder });
          expect(answer.maxQuantity).toBeGreaterThanOrEqual(0);
          expect(answer.maxQuantity).toBeLessThanOrEqual(PLATFORM_MAX_PER_LINE);
          if (answer.status !== 'available') expect(answer.maxQuantity).toBe(0);
          else expect(answer.maxQuantity).toBeGreaterThan(0);
          for (const q of quotas)
            if (q.capacity !== null)
              expect(answer.maxQuantity).toBeLessThanOrEqual(
                Math.max(0, q.capacity - q.buckets[0]!.sold - q.buckets[0]!.reserved),
              );
          if (maxPerOrder !== null) expect(answer.maxQuantity).toBeLessThanOrEqual(maxPerOrder);
        },
      ),
    );
  });
});

describe('windows', () => {
  const opensAt = new Date('2027-06-01T10:00:00Z');
  const closesAt = new Date('2027-06-10T10:00:00Z');
  const before = new Date('2027-05-01T00:00:00Z');
  const during = new Date('2027-06-05T00:00:00Z');
  const after = new Date('2027-06-11T00:00:00Z');

  it('opens at the start (inclusive) and closes at the end (exclusive)', () => {
    expect(windowAt(opensAt, closesAt, new Date(opensAt.getTime() - 1))).toBe('upcoming');
    expect(windowAt(opensAt, closesAt, opensAt)).toBe('open');
    expect(windowAt(opensAt, closesAt, new Date(closesAt.getTime() - 1))).toBe('open');
    expect(windowAt(opensAt, closesAt, closesAt)).toBe('closed');
  });
  it('a shop is as far along as the clock or the projection says, whichever is later', () => {
    const shop = (projectedWindow: string) => ({ opensAt, closesAt, projectedWindow });
    expect(shopWindow(shop('upcoming'), during)).toBe('open'); // missed "opened"
    expect(shopWindow(shop('open'), after)).toBe('closed'); // missed "closed"
    expect(shopWindow(shop('closed'), during)).toBe('closed'); // closed by catalog
    expect(shopWindow(shop('open'), before)).toBe('open'); // catalog's clock a little ahead
    expect(shopWindow(shop(''), before)).toBe('upcoming');
  });
  it("an item's sale window defaults to the shop's", () => {
    const shop = { opensAt, closesAt };
    expect(saleWindow({ saleStart: null, saleEnd: null }, shop, during)).toBe('open');
    expect(saleWindow({ saleStart: new Date('2027-06-06T00:00:00Z'), saleEnd: null }, shop, during)).toBe('upcoming');
    expect(saleWindow({ saleStart: null, saleEnd: new Date('2027-06-04T00:00:00Z') }, shop, during)).toBe('closed');
    expect(saleWindow({ saleStart: null, saleEnd: null }, shop, after)).toBe('closed');
  });
});

describe('grantsSellable', () => {
  const now = new Date('2027-06-05T00:00:00Z');
  const live = { status: 'live', endsAt: new Date('2027-07-01T00:00:00Z') };
  it.each([
    ['a live event', { removed: false }, [live], true],
    ['only a draft event', { removed: false }, [{ ...live, status: 'draft' }], false],
    ['a live and a draft event', { removed: false }, [live, { ...live, status: 'draft' }], true],
    ['an unknown ticket option', null, [live], false],
    ['a deleted ticket option', { removed: true }, [live], false],
    ['a live and an unknown event', { removed: false }, [live, null], false],
    [
      'a live and an ended event (an offer still valid for one)',
      { removed: false },
      [live, { ...live, status: 'ended' }],
      true,
    ],
    ['only an ended event', { removed: false }, [{ ...live, status: 'ended' }], false],
    ['only a deleted event', { removed: false }, [{ ...live, status: 'deleted' }], false],
    ['only a removed event', { removed: false }, [{ ...live, status: 'removed' }], false],
    ['a live event past its end', { removed: false }, [{ ...live, endsAt: now }], false],
    ['no events', { removed: false }, [], false],
  ] as const)('%s → %s', (_label, option, events, expected) => {
    expect(grantsSellable(option, events, now)).toBe(expected);
  });
});
