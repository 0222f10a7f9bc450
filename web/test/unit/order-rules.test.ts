import { checkRefundAmount, refundBodySchema } from '../../src/lib/order-rules';

describe('checkRefundAmount (the refund dialog)', () => {
  it.each([
    ['12,50', 1250],
    ['12.50', 1250],
    ['12', 1200],
    ['€ 12,5', 1250],
    ['0,01', 1],
    ['86,98', 8698],
  ])('reads %s as %i minor units, like a shop item price', (typed, minor) => {
    expect(checkRefundAmount(typed, 'EUR', 8698)).toEqual({ ok: true, amountMinor: minor });
  });

  it('names what is wrong: nothing typed, not an amount, zero, more than is left', () => {
    expect(checkRefundAmount('  ', 'EUR', 8698)).toEqual({ ok: false, problem: 'required' });
    for (const typed of ['12,505', '-5', '1.234,50', 'twelve', '12,50 EUR'])
      expect(checkRefundAmount(typed, 'EUR', 8698)).toEqual({ ok: false, problem: 'invalid' });
    expect(checkRefundAmount('0,00', 'EUR', 8698)).toEqual({ ok: false, problem: 'minValue' });
    expect(checkRefundAmount('86,99', 'EUR', 8698)).toEqual({ ok: false, problem: 'tooMuch' });
  });

  it('follows the currency’s digits (JPY has none)', () => {
    expect(checkRefundAmount('1500', 'JPY', 5000)).toEqual({ ok: true, amountMinor: 1500 });
    expect(checkRefundAmount('15,5', 'JPY', 5000)).toEqual({ ok: false, problem: 'invalid' });
  });
});

describe('refundBodySchema (the route)', () => {
  const schema = refundBodySchema();
  it('turns a full refund into { full, idempotencyKey } and keeps a partial amount', () => {
    expect(schema.parse({ full: true, amountMinor: 5, idempotencyKey: 'abcdefgh' })).toEqual({
      full: true,
      idempotencyKey: 'abcdefgh',
    });
    expect(schema.parse({ full: false, amountMinor: 1250, idempotencyKey: 'abcdefgh' })).toEqual({
      full: false,
      amountMinor: 1250,
      idempotencyKey: 'abcdefgh',
    });
  });
});
