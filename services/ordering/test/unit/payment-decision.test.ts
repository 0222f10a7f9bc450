import { decideSucceededPayment } from '../../src/domain/payment-decision';

const PAY = 'pay_01jz0000000000000000000001';
const OTHER = 'pay_01jz0000000000000000000002';

describe('a successful payment', () => {
  it('pays a held order', () => {
    expect(decideSucceededPayment({ status: 'reserved', paidPaymentId: null }, PAY)).toEqual({ kind: 'pay' });
    expect(decideSucceededPayment({ status: 'pending', paidPaymentId: null }, PAY)).toEqual({ kind: 'pay' });
  });
  it('after the hold, tries to take the tickets again (late payment)', () => {
    expect(decideSucceededPayment({ status: 'expired', paidPaymentId: null }, PAY)).toEqual({ kind: 're_reserve' });
  });
  it('of an order the organiser canceled is refunded', () => {
    expect(decideSucceededPayment({ status: 'canceled', paidPaymentId: null }, PAY)).toEqual({
      kind: 'refund',
      reason: 'order_canceled',
    });
  });
  it('of an order another payment paid is refunded as a duplicate, also after that order was refunded and canceled', () => {
    expect(decideSucceededPayment({ status: 'paid', paidPaymentId: OTHER }, PAY)).toEqual({
      kind: 'refund',
      reason: 'duplicate_payment',
    });
    expect(decideSucceededPayment({ status: 'canceled', paidPaymentId: OTHER }, PAY)).toEqual({
      kind: 'refund',
      reason: 'duplicate_payment',
    });
    // A free order, paid at checkout without any payment.
    expect(decideSucceededPayment({ status: 'paid', paidPaymentId: null }, PAY)).toEqual({
      kind: 'refund',
      reason: 'duplicate_payment',
    });
  });
  it('reported again does nothing', () => {
    expect(decideSucceededPayment({ status: 'paid', paidPaymentId: PAY }, PAY)).toEqual({ kind: 'nothing' });
    expect(decideSucceededPayment({ status: 'canceled', paidPaymentId: PAY }, PAY)).toEqual({ kind: 'nothing' });
  });
});
