import fc from 'fast-check';
import { add, formatMoney, money, multiply, percentOf, subtract, sum } from '../../src/money';

const amount = fc.integer({ min: 0, max: 1_000_000_00 });
const eur = (n: number) => money(n, 'EUR');

describe('money', () => {
  it('accepts whole minor units and an ISO currency only', () => {
    expect(money(1250, 'EUR')).toEqual({ amountMinor: 1250, currency: 'EUR' });
    expect(() => money(12.5, 'EUR')).toThrow(/whole number/);
    expect(() => money(Number.NaN, 'EUR')).toThrow(/whole number/);
    expect(() => money(1, 'eur')).toThrow(/ISO 4217/);
  });

  it('adds, multiplies and sums, refusing mixed currencies', () => {
    expect(add(eur(100), eur(250))).toEqual(eur(350));
    expect(multiply(eur(1250), 3)).toEqual(eur(3750));
    expect(sum([eur(1), eur(2), eur(3)], 'EUR')).toEqual(eur(6));
    expect(sum([], 'USD')).toEqual(money(0, 'USD'));
    expect(() => add(eur(1), money(1, 'USD'))).toThrow(/Currency mismatch/);
    expect(() => multiply(eur(1), 1.5)).toThrow(/whole number/);
  });

  it('never subtracts below zero unless asked', () => {
    expect(subtract(eur(500), eur(800))).toEqual(eur(0));
    expect(subtract(eur(500), eur(800), { allowNegative: true })).toEqual(eur(-300));
  });

  it('rounds percentages half up', () => {
    expect(percentOf(eur(1000), 1250)).toEqual(eur(125)); // 12.5 % of 10.00
    expect(percentOf(eur(5), 1000)).toEqual(eur(1)); // 0.5 → 1
    expect(percentOf(eur(4), 1000)).toEqual(eur(0)); // 0.4 → 0
    expect(percentOf(eur(15), 5000)).toEqual(eur(8)); // 7.5 → 8
    expect(percentOf(eur(999), 10000)).toEqual(eur(999));
  });

  it('formats by locale with the currency digits', () => {
    expect(formatMoney(eur(1250), 'en')).toBe('€12.50');
    expect(formatMoney(eur(1250), 'nl').replace(/\s/g, ' ')).toBe('€ 12,50');
    expect(formatMoney(money(1250, 'JPY'), 'en')).toBe('¥1,250');
  });

  it('property: a discounted total is never negative and always whole', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(amount, fc.integer({ min: 0, max: 20 }))),
        amount,
        fc.integer({ min: 0, max: 10_000 }),
        (lines, fixed, bp) => {
          const subtotal = sum(
            lines.map(([price, qty]) => multiply(eur(price), qty)),
            'EUR',
          );
          const total = subtract(subtract(subtotal, percentOf(subtotal, bp)), eur(fixed));
          expect(total.amountMinor).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(total.amountMinor)).toBe(true);
        },
      ),
    );
  });

  it('property: percentOf equals exact half-up rounding and stays within the amount', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 10_000 }), (value, bp) => {
        const result = percentOf(eur(value), bp).amountMinor;
        // Exact in BigInt: floor((value * bp * 2 + 10000) / 20000) is half-up of value * bp / 10000.
        const exact = Number((BigInt(value) * BigInt(bp) * 2n + 10_000n) / 20_000n);
        expect(result).toBe(exact);
        expect(Number.isInteger(result)).toBe(true);
        expect(result).toBeLessThanOrEqual(value);
      }),
    );
  });
});
