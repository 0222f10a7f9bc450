import fc from 'fast-check';
import type { AppliedDiscount } from '../../src/domain/discount';
import { priceCart } from '../../src/domain/pricing';

const FEE = 49;

describe('priceCart', () => {
  it('adds subtotal, discount, donation and a fee per paid ticket', () => {
    const price = priceCart({
      lines: [
        { itemId: 'itm_a', quantity: 2, unitPriceMinor: 2500 },
        { itemId: 'itm_b', quantity: 1, unitPriceMinor: 0 },
      ],
      discount: { type: 'percentage', value: 10, itemIds: [], usesLeft: null },
      donationMinor: 500,
      feePerTicketMinor: FEE,
    });
    expect(price).toMatchObject({
      subtotalMinor: 5000,
      discountMinor: 500,
      donationMinor: 500,
      feeMinor: 2 * FEE,
      totalMinor: 5000 - 500 + 500 + 98,
    });
    expect(price.lines[0]).toMatchObject({ subtotalMinor: 5000, discountMinor: 500, totalMinor: 4500, paidTickets: 2 });
    expect(price.lines[1]).toMatchObject({ subtotalMinor: 0, discountMinor: 0, totalMinor: 0, paidTickets: 0 });
  });
  it('a line made free by the discount carries no fee', () => {
    const price = priceCart({
      lines: [{ itemId: 'itm_a', quantity: 3, unitPriceMinor: 1000 }],
      discount: { type: 'fixed', value: 1500, itemIds: [], usesLeft: null },
      donationMinor: 0,
      feePerTicketMinor: FEE,
    });
    expect(price).toMatchObject({ subtotalMinor: 3000, discountMinor: 3000, feeMinor: 0, totalMinor: 0 });
  });
  it('a partly used-up code charges no fee on the tickets it made free', () => {
    const price = priceCart({
      lines: [{ itemId: 'itm_a', quantity: 3, unitPriceMinor: 1000 }],
      discount: { type: 'percentage', value: 100, itemIds: [], usesLeft: 1 },
      donationMinor: 0,
      feePerTicketMinor: FEE,
    });
    expect(price).toMatchObject({ discountMinor: 1000, feeMinor: 2 * FEE, totalMinor: 2000 + 2 * FEE });
  });
  it('rounds a tiny line to zero and then charges no fee for it', () => {
    const price = priceCart({
      lines: [{ itemId: 'itm_a', quantity: 1, unitPriceMinor: 1 }],
      discount: { type: 'percentage', value: 50, itemIds: [], usesLeft: null },
      donationMinor: 0,
      feePerTicketMinor: FEE,
    });
    expect(price).toMatchObject({ discountMinor: 1, feeMinor: 0, totalMinor: 0 });
  });

  const arbLines = fc.uniqueArray(
    fc.record({
      itemId: fc.constantFrom('itm_a', 'itm_b', 'itm_c', 'itm_d', 'itm_e'),
      quantity: fc.integer({ min: 1, max: 20 }),
      unitPriceMinor: fc.oneof(fc.constant(0), fc.nat(500_000)),
    }),
    { minLength: 1, maxLength: 5, selector: (line) => line.itemId },
  );
  const arbDiscount: fc.Arbitrary<AppliedDiscount | null> = fc.option(
    fc
      .record({
        type: fc.constantFrom('fixed' as const, 'percentage' as const),
        value: fc.integer({ min: 1, max: 100 }),
        itemIds: fc.subarray(['itm_a', 'itm_b', 'itm_c', 'itm_d', 'itm_e']),
        usesLeft: fc.option(fc.nat(60), { nil: null }),
      })
      .map((d) => (d.type === 'fixed' ? { ...d, value: d.value * 997 } : d)),
    { nil: null },
  );
  const arbInput = fc.record({
    lines: arbLines,
    discount: arbDiscount,
    donationMinor: fc.nat(100_000),
    feePerTicketMinor: fc.nat(200),
  });

  it('property: discount never exceeds subtotal, total ≥ 0 and adds up', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const price = priceCart(input);
        expect(price.discountMinor).toBeGreaterThanOrEqual(0);
        expect(price.discountMinor).toBeLessThanOrEqual(price.subtotalMinor);
        expect(price.totalMinor).toBeGreaterThanOrEqual(0);
        expect(price.totalMinor).toBe(price.subtotalMinor - price.discountMinor + price.donationMinor + price.feeMinor);
        for (const line of price.lines) {
          expect(line.totalMinor).toBeGreaterThanOrEqual(0);
          expect(line.totalMinor).toBe(line.subtotalMinor - line.discountMinor);
          expect(line.paidTickets).toBeLessThanOrEqual(line.quantity);
          if (line.totalMinor === 0) expect(line.paidTickets).toBe(0);
        }
      }),
    );
  });
  it('property: the fee is the fee per ticket times paid tickets, and free tickets carry none', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const price = priceCart(input);
        const paid = price.lines.reduce((sum, line) => sum + line.paidTickets, 0);
        expect(price.feeMinor).toBe(paid * input.feePerTicketMinor);
        price.lines.filter((line) => line.unitPriceMinor === 0).forEach((line) => expect(line.paidTickets).toBe(0));
      }),
    );
  });
  it('property: the order of the lines does not change any amount', () => {
    fc.assert(
      fc.property(arbInput, fc.context(), (input, ctx) => {
        const reversed = priceCart({ ...input, lines: [...input.lines].reverse() });
        const forward = priceCart(input);
        ctx.log(JSON.stringify({ forward, reversed }));
        expect({ ...reversed, lines: [...reversed.lines].reverse() }).toEqual(forward);
      }),
    );
  });
});
