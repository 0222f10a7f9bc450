import fc from 'fast-check';
import { refundRefusal, refundableMinor } from '../../src/domain/refund-limits';

const paid = { status: 'paid', amountMinor: 5000, currency: 'EUR' };

describe('refund limits', () => {
  it('counts every refund that did not fail, requested ones included', () => {
    expect(
      refundableMinor(5000, [
        { amountMinor: 1000, status: 'succeeded' },
        { amountMinor: 500, status: 'requested' },
        { amountMinor: 2000, status: 'failed' },
      ]),
    ).toBe(3500);
  });

  it('refuses refunds of unpaid attempts, non-positive amounts, another currency and more than is left', () => {
    expect(refundRefusal({ ...paid, status: 'expired' }, { amountMinor: 100, currency: 'EUR' }, [])).toMatch(
      /not taken/,
    );
    expect(refundRefusal(paid, { amountMinor: 0, currency: 'EUR' }, [])).toMatch(/positive/);
    expect(refundRefusal(paid, { amountMinor: 100, currency: 'USD' }, [])).toMatch(/currency/);
    expect(
      refundRefusal(paid, { amountMinor: 4001, currency: 'EUR' }, [{ amountMinor: 1000, status: 'pending' }]),
    ).toMatch(/exceeds/);
    expect(
      refundRefusal(paid, { amountMinor: 4000, currency: 'EUR' }, [{ amountMinor: 1000, status: 'pending' }]),
    ).toBeNull();
  });

  it('never lets accepted refunds add up to more than the payment', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 3000 }), { maxLength: 20 }), (amounts) => {
        const accepted: { amountMinor: number; status: string }[] = [];
        for (const amountMinor of amounts) {
          if (refundRefusal(paid, { amountMinor, currency: 'EUR' }, accepted) === null)
            accepted.push({ amountMinor, status: 'succeeded' });
        }
        expect(accepted.reduce((sum, refund) => sum + refund.amountMinor, 0)).toBeLessThanOrEqual(paid.amountMinor);
      }),
    );
  });
});
