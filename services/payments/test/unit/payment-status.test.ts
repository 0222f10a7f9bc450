import fc from 'fast-check';
import { PAYMENT_STATUSES, type PaymentStatus, changeVerb, isFinal, transition } from '../../src/domain/payment-status';

describe('the payment status machine', () => {
  it.each<[PaymentStatus, PaymentStatus, PaymentStatus, boolean]>([
    ['created', 'pending', 'pending', true],
    ['created', 'paid', 'paid', true],
    ['created', 'expired', 'expired', true],
    ['pending', 'authorized', 'authorized', true],
    ['pending', 'paid', 'paid', true],
    ['pending', 'failed', 'failed', true],
    ['pending', 'canceled', 'canceled', true],
    ['pending', 'expired', 'expired', true],
    ['authorized', 'paid', 'paid', true],
    ['authorized', 'failed', 'failed', true],
    // Money on its way is not ended by the order's hold; only the provider's verdict ends it.
    ['authorized', 'expired', 'authorized', false],
    ['authorized', 'canceled', 'authorized', false],
    ['authorized', 'pending', 'authorized', false],
    // A late "expired" or "failed" after "paid" changes nothing.
    ['paid', 'expired', 'paid', false],
    ['paid', 'failed', 'paid', false],
    ['paid', 'canceled', 'paid', false],
    ['paid', 'pending', 'paid', false],
    ['paid', 'paid', 'paid', false],
    // A late "paid" after the attempt ended unpaid is believed: the money moved.
    ['expired', 'paid', 'paid', true],
    ['canceled', 'paid', 'paid', true],
    ['failed', 'paid', 'paid', true],
    ['expired', 'failed', 'expired', false],
    ['failed', 'expired', 'failed', false],
    ['canceled', 'expired', 'canceled', false],
    ['expired', 'pending', 'expired', false],
    ['pending', 'created', 'pending', false],
  ])('%s --%s--> %s', (from, target, to, changed) => {
    expect(transition(from, target)).toEqual({ status: to, changed });
  });

  const status = fc.constantFrom(...PAYMENT_STATUSES);

  it('is monotone: once paid, any sequence of reports leaves it paid', () => {
    fc.assert(
      fc.property(fc.array(status), (reports) => {
        const end = reports.reduce<PaymentStatus>((current, target) => transition(current, target).status, 'paid');
        expect(end).toBe('paid');
      }),
    );
  });

  it('never leaves a final status except for paid, and repeating a report changes nothing', () => {
    fc.assert(
      fc.property(status, status, (from, target) => {
        const once = transition(from, target);
        if (isFinal(from) && once.changed) expect(once.status).toBe('paid');
        expect(transition(once.status, target).changed).toBe(false);
      }),
    );
  });

  it('reaches paid from any start when the provider says so, whatever came before', () => {
    fc.assert(
      fc.property(fc.array(status), (reports) => {
        const end = [...reports, 'paid' as const].reduce<PaymentStatus>(
          (current, target) => transition(current, target).status,
          'created',
        );
        expect(end).toBe('paid');
      }),
    );
  });

  it('announces every status but created and authorized with its verb', () => {
    expect(PAYMENT_STATUSES.map(changeVerb)).toEqual([
      null,
      'pending',
      null,
      'succeeded',
      'failed',
      'canceled',
      'expired',
    ]);
  });
});
