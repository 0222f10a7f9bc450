import fc from 'fast-check';
import { FailedPreconditionError, ValidationError } from '@kassa/platform/errors';
import { countedRefund, planOrganiserRefund, refundable } from '../../src/domain/refund';

const paid = { status: 'paid', totalMinor: 10_000, refundedMinor: 0, cancelPending: false };

describe("an organiser's refund", () => {
  it('in full: the rest of the total, cancelling the order', () => {
    expect(planOrganiserRefund(paid, { full: true, amountMinor: 0 })).toEqual({
      amountMinor: 10_000,
      cancelsOrder: true,
      immediate: false,
    });
    expect(planOrganiserRefund({ ...paid, refundedMinor: 2_500 }, { full: true, amountMinor: 99 })).toEqual({
      amountMinor: 7_500,
      cancelsOrder: true,
      immediate: false,
    });
  });
  it('in full with nothing left to pay back (a free order): immediate', () => {
    expect(planOrganiserRefund({ ...paid, totalMinor: 0 }, { full: true, amountMinor: 0 })).toEqual({
      amountMinor: 0,
      cancelsOrder: true,
      immediate: true,
    });
  });
  it('in part: at least 1 and at most what is left; the order stays', () => {
    expect(planOrganiserRefund(paid, { full: false, amountMinor: 2_500 })).toEqual({
      amountMinor: 2_500,
      cancelsOrder: false,
      immediate: false,
    });
    const refuse = (amountMinor: number, order = paid) => {
      try {
        planOrganiserRefund(order, { full: false, amountMinor });
      } catch (error) {
        return (error as ValidationError).violations;
      }
      return [];
    };
    expect(refuse(0)).toEqual([{ field: 'amountMinor', message: 'Minimum value is 1' }]);
    expect(refuse(-5)).toEqual([{ field: 'amountMinor', message: 'Minimum value is 1' }]);
    expect(refuse(10_001)).toEqual([{ field: 'amountMinor', message: 'Maximum value is 10000' }]);
    expect(refuse(1, { ...paid, refundedMinor: 10_000 })).toEqual([
      { field: 'amountMinor', message: 'Maximum value is 0' },
    ]);
  });
  it('only of a paid order, and not while a full refund is on its way', () => {
    for (const status of ['reserved', 'pending', 'expired', 'canceled']) {
      expect(() => planOrganiserRefund({ ...paid, status }, { full: true, amountMinor: 0 })).toThrow(
        FailedPreconditionError,
      );
    }
    expect(() => planOrganiserRefund({ ...paid, cancelPending: true }, { full: false, amountMinor: 1 })).toThrow(
      FailedPreconditionError,
    );
  });
  it('property: whatever partial refunds are asked, what is refunded never exceeds the total, and a full one takes exactly the rest', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.array(fc.integer({ min: -10, max: 400_000 }), { maxLength: 12 }),
        (total, asks) => {
          let refunded = 0;
          for (const amountMinor of asks) {
            try {
              const plan = planOrganiserRefund(
                { status: 'paid', totalMinor: total, refundedMinor: refunded, cancelPending: false },
                { full: false, amountMinor },
              );
              refunded += plan.amountMinor;
            } catch (error) {
              expect(error).toBeInstanceOf(ValidationError);
            }
            expect(refunded).toBeLessThanOrEqual(total);
          }
          const full = planOrganiserRefund(
            { status: 'paid', totalMinor: total, refundedMinor: refunded, cancelPending: false },
            { full: true, amountMinor: 0 },
          );
          expect(refunded + full.amountMinor).toBe(total);
          expect(refundable({ status: 'paid', totalMinor: total, refundedMinor: refunded + full.amountMinor })).toBe(0);
        },
      ),
    );
  });
});

describe('what a refund counts in the order', () => {
  const order = { totalMinor: 5_000, refundedMinor: 0 };
  it("an organiser's all of it; a late or canceled-order payment's up to the total; a duplicate payment's nothing", () => {
    expect(countedRefund('organiser', 1_000, order)).toBe(1_000);
    expect(countedRefund('late_payment', 5_000, order)).toBe(5_000);
    expect(countedRefund('late_payment', 5_000, { totalMinor: 5_000, refundedMinor: 5_000 })).toBe(0);
    expect(countedRefund('order_canceled', 6_000, order)).toBe(5_000);
    expect(countedRefund('duplicate_payment', 5_000, order)).toBe(0);
  });
  it('refundable is 0 unless paid', () => {
    expect(refundable({ status: 'paid', totalMinor: 5_000, refundedMinor: 1_000 })).toBe(4_000);
    expect(refundable({ status: 'canceled', totalMinor: 5_000, refundedMinor: 0 })).toBe(0);
  });
});
