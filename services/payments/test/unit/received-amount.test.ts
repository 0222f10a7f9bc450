import fc from 'fast-check';
import {
  MISMATCH_REASONS,
  mismatchFailureReason,
  mismatchRefund,
  receivedMismatch,
} from '../../src/domain/received-amount';

const order = { amountMinor: 10_000, currency: 'EUR' };

describe('receivedMismatch: a success is applied only for the sum the order asks', () => {
  it('accepts exactly the amount in the same currency, whatever its case (Stripe writes "eur")', () => {
    expect(receivedMismatch(order, { amountMinor: 10_000, currency: 'EUR' })).toBeNull();
    expect(receivedMismatch(order, { amountMinor: 10_000, currency: 'eur' })).toBeNull();
    expect(
      receivedMismatch({ amountMinor: 10_000, currency: 'eur' }, { amountMinor: 10_000, currency: 'EuR' }),
    ).toBeNull();
  });

  it('flags another amount, less or more, one minor unit off included, with both sums', () => {
    expect(receivedMismatch(order, { amountMinor: 9_000, currency: 'eur' })).toEqual({
      reason: 'amount_mismatch',
      expected: order,
      received: { amountMinor: 9_000, currency: 'EUR' },
    });
    expect(receivedMismatch(order, { amountMinor: 10_001, currency: 'EUR' })?.reason).toBe('amount_mismatch');
    expect(receivedMismatch(order, { amountMinor: 9_999, currency: 'EUR' })?.reason).toBe('amount_mismatch');
    expect(receivedMismatch(order, { amountMinor: 0, currency: 'EUR' })?.reason).toBe('amount_mismatch');
  });

  it('flags another currency even for the same number, and says so rather than comparing the amounts', () => {
    expect(receivedMismatch(order, { amountMinor: 10_000, currency: 'usd' })).toEqual({
      reason: 'currency_mismatch',
      expected: order,
      received: { amountMinor: 10_000, currency: 'USD' },
    });
    expect(receivedMismatch(order, { amountMinor: 1, currency: 'gbp' })?.reason).toBe('currency_mismatch');
  });

  it('flags a success that does not say what it took, or says it in a way that is not integer minor units', () => {
    for (const received of [
      undefined,
      null,
      { amountMinor: 10_000, currency: '' },
      { amountMinor: 100.5, currency: 'EUR' },
      { amountMinor: Number.NaN, currency: 'EUR' },
      { amountMinor: -10_000, currency: 'EUR' },
    ]) {
      expect(receivedMismatch(order, received)).toEqual({ reason: 'amount_unknown', expected: order, received: null });
    }
  });

  it('accepts nothing but the exact sum, for any amounts and currencies', () => {
    const currency = fc.constantFrom('EUR', 'eur', 'USD', 'usd', 'GBP');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        currency,
        fc.integer({ min: 0, max: 10_000_000 }),
        currency,
        (expectedMinor, expectedCurrency, receivedMinor, receivedCurrency) => {
          const same =
            expectedMinor === receivedMinor && expectedCurrency.toUpperCase() === receivedCurrency.toUpperCase();
          const mismatch = receivedMismatch(
            { amountMinor: expectedMinor, currency: expectedCurrency },
            { amountMinor: receivedMinor, currency: receivedCurrency },
          );
          expect(mismatch === null).toBe(same);
        },
      ),
    );
  });
});

describe('what a flagged payment pays back', () => {
  it('is what was received, in its currency; the expected sum when nothing was said; nothing when nothing was taken', () => {
    expect(
      mismatchRefund({ reason: 'amount_mismatch', expected: order, received: { amountMinor: 9_000, currency: 'EUR' } }),
    ).toEqual({
      amountMinor: 9_000,
      currency: 'EUR',
    });
    expect(
      mismatchRefund({
        reason: 'currency_mismatch',
        expected: order,
        received: { amountMinor: 10_000, currency: 'USD' },
      }),
    ).toEqual({
      amountMinor: 10_000,
      currency: 'USD',
    });
    expect(mismatchRefund({ reason: 'amount_unknown', expected: order, received: null })).toEqual(order);
    expect(
      mismatchRefund({ reason: 'amount_mismatch', expected: order, received: { amountMinor: 0, currency: 'EUR' } }),
    ).toBeNull();
  });

  it('explains every reason in a sentence', () => {
    for (const reason of MISMATCH_REASONS) expect(mismatchFailureReason(reason)).toMatch(/^The .+ refunded$/);
  });
});
