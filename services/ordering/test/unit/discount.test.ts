import fc from 'fast-check';
import { normaliseDiscountCode } from '@kassa/contracts/discount-code';
import {
  type DiscountCodeRule,
  discountVerdict,
  lineDiscounts,
  percentHalfUp,
  usesLeft,
} from '../../src/domain/discount';

const now = new Date('2027-06-05T12:00:00Z');
const rule = (overrides: Partial<DiscountCodeRule> = {}): DiscountCodeRule => ({
  code: 'SUMMER10',
  type: 'percentage',
  value: 10,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  used: 0,
  itemIds: [],
  ...overrides,
});

describe('discountVerdict', () => {
  it('is "" when nothing was typed and unknown without a code', () => {
    expect(discountVerdict('   ', null, ['itm_a'], now)).toBe('');
    expect(discountVerdict('NOPE', null, ['itm_a'], now)).toBe('unknown');
  });
  it('checks the validity window: from inclusive, until exclusive', () => {
    expect(discountVerdict('x', rule({ validFrom: new Date(now.getTime() + 1) }), ['itm_a'], now)).toBe('not_started');
    expect(discountVerdict('x', rule({ validFrom: now }), ['itm_a'], now)).toBe('applied');
    expect(discountVerdict('x', rule({ validUntil: now }), ['itm_a'], now)).toBe('expired');
    expect(discountVerdict('x', rule({ validUntil: new Date(now.getTime() + 1) }), ['itm_a'], now)).toBe('applied');
  });
  it('is used up when redemptions reach the maximum', () => {
    expect(discountVerdict('x', rule({ maxUses: 5, used: 5 }), ['itm_a'], now)).toBe('used_up');
    expect(discountVerdict('x', rule({ maxUses: 5, used: 7 }), ['itm_a'], now)).toBe('used_up');
    expect(discountVerdict('x', rule({ maxUses: 5, used: 4 }), ['itm_a'], now)).toBe('applied');
    expect(usesLeft(rule({ maxUses: 5, used: 7 }))).toBe(0);
    expect(usesLeft(rule())).toBeNull();
  });
  it('is not applicable when no cart line is in its scope', () => {
    expect(discountVerdict('x', rule({ itemIds: ['itm_b'] }), ['itm_a'], now)).toBe('not_applicable');
    expect(discountVerdict('x', rule({ itemIds: ['itm_b'] }), ['itm_a', 'itm_b'], now)).toBe('applied');
  });
  it('checks in order: window before uses before scope', () => {
    expect(
      discountVerdict('x', rule({ validUntil: now, maxUses: 1, used: 1, itemIds: ['itm_z'] }), ['itm_a'], now),
    ).toBe('expired');
    expect(discountVerdict('x', rule({ maxUses: 1, used: 1, itemIds: ['itm_z'] }), ['itm_a'], now)).toBe('used_up');
  });
  it('compares codes case-insensitively, ignoring surrounding spaces, in the form catalog keys them by', () => {
    expect(normaliseDiscountCode('  Summer10 ')).toBe('SUMMER10');
    expect(normaliseDiscountCode('summer10')).toBe(normaliseDiscountCode('SUMMER10'));
  });
});

describe('lineDiscounts', () => {
  it('fixed: value off each ticket, capped at the line subtotal', () => {
    const lines = [
      { itemId: 'a', quantity: 3, unitPriceMinor: 1000 },
      { itemId: 'b', quantity: 2, unitPriceMinor: 300 },
    ];
    expect(
      lineDiscounts(lines, { type: 'fixed', value: 500, itemIds: [], usesLeft: null }).map((d) => d.discountMinor),
    ).toEqual([1500, 600]);
  });
  it('percentage: rounds half up per line', () => {
    // 3 × 333 = 999; 10 % = 99.9 → 100. 1 × 5 = 5; 10 % = 0.5 → 1. 1 × 4; 10 % = 0.4 → 0.
    const lines = [
      { itemId: 'a', quantity: 3, unitPriceMinor: 333 },
      { itemId: 'b', quantity: 1, unitPriceMinor: 5 },
      { itemId: 'c', quantity: 1, unitPriceMinor: 4 },
    ];
    expect(
      lineDiscounts(lines, { type: 'percentage', value: 10, itemIds: [], usesLeft: null }).map((d) => d.discountMinor),
    ).toEqual([100, 1, 0]);
  });
  it('only lines in scope', () => {
    const lines = [
      { itemId: 'a', quantity: 1, unitPriceMinor: 1000 },
      { itemId: 'b', quantity: 1, unitPriceMinor: 1000 },
    ];
    expect(
      lineDiscounts(lines, { type: 'percentage', value: 50, itemIds: ['b'], usesLeft: null }).map(
        (d) => d.discountMinor,
      ),
    ).toEqual([0, 500]);
  });
  it('with fewer uses left than tickets, the dearest tickets get them', () => {
    const lines = [
      { itemId: 'cheap', quantity: 3, unitPriceMinor: 1000 },
      { itemId: 'dear', quantity: 2, unitPriceMinor: 5000 },
    ];
    const result = lineDiscounts(lines, { type: 'fixed', value: 500, itemIds: [], usesLeft: 3 });
    expect(result).toEqual([
      { discountedQuantity: 1, discountMinor: 500 },
      { discountedQuantity: 2, discountMinor: 1000 },
    ]);
  });

  const arbLine = fc.record({
    itemId: fc.constantFrom('itm_a', 'itm_b', 'itm_c', 'itm_d'),
    quantity: fc.integer({ min: 1, max: 20 }),
    unitPriceMinor: fc.nat(1_000_000),
  });
  const arbLines = fc.uniqueArray(arbLine, { minLength: 1, maxLength: 4, selector: (line) => line.itemId });
  const arbDiscount = fc
    .oneof(
      fc.record({ type: fc.constant('fixed' as const), value: fc.integer({ min: 1, max: 2_000_000 }) }),
      fc.record({ type: fc.constant('percentage' as const), value: fc.integer({ min: 1, max: 100 }) }),
    )
    .chain((d) =>
      fc.record({
        type: fc.constant(d.type),
        value: fc.constant(d.value),
        itemIds: fc.subarray(['itm_a', 'itm_b', 'itm_c', 'itm_d']),
        usesLeft: fc.option(fc.nat(50), { nil: null }),
      }),
    );

  it('property: 0 ≤ discount ≤ line subtotal on every line', () => {
    fc.assert(
      fc.property(arbLines, arbDiscount, (lines, discount) => {
        lineDiscounts(lines, discount).forEach((d, i) => {
          expect(d.discountMinor).toBeGreaterThanOrEqual(0);
          expect(d.discountMinor).toBeLessThanOrEqual(lines[i]!.quantity * lines[i]!.unitPriceMinor);
          expect(d.discountedQuantity).toBeLessThanOrEqual(lines[i]!.quantity);
        });
      }),
    );
  });
  it('property: percentage rounding matches a reference (exact decimal, half up)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.nat(10_000_000),
        fc.integer({ min: 1, max: 100 }),
        (quantity, unit, percent) => {
          const [result] = lineDiscounts([{ itemId: 'itm_a', quantity, unitPriceMinor: unit }], {
            type: 'percentage',
            value: percent,
            itemIds: [],
            usesLeft: null,
          });
          // Reference: the exact value in hundredths, rounded half up by looking at the remainder.
          const hundredths = unit * quantity * percent;
          const reference = Math.floor(hundredths / 100) + (hundredths % 100 >= 50 ? 1 : 0);
          expect(result!.discountMinor).toBe(Math.min(reference, unit * quantity));
        },
      ),
    );
    expect(percentHalfUp(150n, 1n)).toBe(2n); // 1.5 → 2
    expect(percentHalfUp(149n, 1n)).toBe(1n); // 1.49 → 1
  });
  it('property: uses are never exceeded', () => {
    fc.assert(
      fc.property(arbLines, arbDiscount, (lines, discount) => {
        const used = lineDiscounts(lines, discount).reduce((sum, d) => sum + d.discountedQuantity, 0);
        if (discount.usesLeft !== null) expect(used).toBeLessThanOrEqual(discount.usesLeft);
      }),
    );
  });
});
