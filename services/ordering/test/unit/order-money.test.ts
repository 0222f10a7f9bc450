// Money of an order (docs/ARCHITECTURE.md, Checkout and orders) as properties over random carts: totals never negative,
// discounts within the subtotal and consistent with the code's uses, fees exactly per paid ticket and none on free
// orders, and rounding that is stable (half up, per line, independent of anything but the line).
import fc from 'fast-check';
import { type AppliedDiscount, percentHalfUp } from '../../src/domain/discount';
import { priceCart } from '../../src/domain/pricing';

const ITEMS = ['itm_a', 'itm_b', 'itm_c', 'itm_d'];
const arbLines = fc.uniqueArray(
  fc.record({
    itemId: fc.constantFrom(...ITEMS),
    quantity: fc.integer({ min: 1, max: 20 }),
    unitPriceMinor: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 99 }), fc.nat(250_000)),
  }),
  { minLength: 1, maxLength: 4, selector: (line) => line.itemId },
);
const arbDiscount: fc.Arbitrary<AppliedDiscount | null> = fc.option(
  fc.oneof(
    fc.record({
      type: fc.constant('percentage' as const),
      value: fc.integer({ min: 1, max: 100 }),
      itemIds: fc.subarray(ITEMS),
      usesLeft: fc.option(fc.nat(40), { nil: null }),
    }),
    fc.record({
      type: fc.constant('fixed' as const),
      value: fc.integer({ min: 1, max: 300_000 }),
      itemIds: fc.subarray(ITEMS),
      usesLeft: fc.option(fc.nat(40), { nil: null }),
    }),
  ),
  { nil: null },
);
const arbCart = fc.record({
  lines: arbLines,
  discount: arbDiscount,
  donationMinor: fc.oneof(fc.constant(0), fc.nat(50_000)),
  feePerTicketMinor: fc.nat(500),
});

describe('order money', () => {
  it('property: totals are never negative and add up: subtotal − discount + donation + fee', () => {
    fc.assert(
      fc.property(arbCart, (cart) => {
        const price = priceCart(cart);
        for (const amount of [
          price.subtotalMinor,
          price.discountMinor,
          price.donationMinor,
          price.feeMinor,
          price.totalMinor,
        ]) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        expect(price.totalMinor).toBe(price.subtotalMinor - price.discountMinor + price.donationMinor + price.feeMinor);
        expect(price.subtotalMinor).toBe(
          cart.lines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0),
        );
      }),
    );
  });

  it('property: the discount stays within the subtotal, per line and in all, and uses no more of the code than it has', () => {
    fc.assert(
      fc.property(arbCart, (cart) => {
        const price = priceCart(cart);
        expect(price.discountMinor).toBeLessThanOrEqual(price.subtotalMinor);
        for (const line of price.lines) {
          expect(line.discountMinor).toBeLessThanOrEqual(line.subtotalMinor);
          expect(line.discountedQuantity).toBeLessThanOrEqual(line.quantity);
          if (line.discountedQuantity === 0) expect(line.discountMinor).toBe(0);
          if (cart.discount && cart.discount.itemIds.length > 0 && !cart.discount.itemIds.includes(line.itemId))
            expect(line.discountedQuantity).toBe(0);
        }
        const uses = price.lines.reduce((sum, line) => sum + line.discountedQuantity, 0);
        if (!cart.discount) expect(uses).toBe(0);
        else if (cart.discount.usesLeft !== null) expect(uses).toBeLessThanOrEqual(cart.discount.usesLeft);
      }),
    );
  });

  it('property: the fee is the fee per ticket times the paid tickets; free tickets and free orders carry none', () => {
    fc.assert(
      fc.property(arbCart, (cart) => {
        const price = priceCart(cart);
        expect(price.feeMinor).toBe(
          cart.feePerTicketMinor * price.lines.reduce((sum, line) => sum + line.paidTickets, 0),
        );
        for (const line of price.lines)
          if (line.unitPriceMinor === 0 || line.totalMinor === 0) expect(line.paidTickets).toBe(0);
        // A free order (nothing to pay) never carries a fee: it is paid at checkout without a payment.
        if (price.subtotalMinor - price.discountMinor === 0) expect(price.feeMinor).toBe(0);
        if (price.totalMinor === 0) expect(price.feeMinor).toBe(0);
      }),
    );
  });

  it('property: percentage rounding is half up per line, within half a cent of the exact amount, and stable', () => {
    fc.assert(
      fc.property(arbLines, fc.integer({ min: 1, max: 100 }), fc.nat(500), (lines, percent, fee) => {
        const discount: AppliedDiscount = { type: 'percentage', value: percent, itemIds: [], usesLeft: null };
        const price = priceCart({ lines, discount, donationMinor: 0, feePerTicketMinor: fee });
        for (const line of price.lines) {
          const exactTimes100 = line.subtotalMinor * percent;
          expect(Math.abs(line.discountMinor * 100 - exactTimes100)).toBeLessThanOrEqual(50);
          expect(line.discountMinor).toBe(Number(percentHalfUp(BigInt(line.subtotalMinor), BigInt(percent))));
        }
        // The same cart prices the same, in any line order.
        const again = priceCart({ lines: [...lines].reverse(), discount, donationMinor: 0, feePerTicketMinor: fee });
        expect(again.totalMinor).toBe(price.totalMinor);
        expect(again.discountMinor).toBe(price.discountMinor);
      }),
    );
    expect(percentHalfUp(5n, 50n)).toBe(3n); // 2.5 → 3
    expect(percentHalfUp(1n, 49n)).toBe(0n); // 0.49 → 0
  });
});
