import {
  assertTransition,
  canTransition,
  holdEndsAt,
  isHeld,
  isHoldOver,
  isOrderStatus,
  isPayable,
  isRenewable,
  ORDER_STATUSES,
} from '../../src/domain/order-status';

const at = (iso: string) => new Date(iso);

describe('order status transitions', () => {
  it('follow the life of an order', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      'created→reserved',
      'created→paid',
      'reserved→pending',
      'reserved→paid',
      'reserved→expired',
      'reserved→canceled',
      'pending→paid',
      'pending→expired',
      'pending→canceled',
      'paid→canceled',
      'expired→reserved',
      'expired→paid',
    ]);
  });
  it('refuse everything else, e.g. un-cancelling or expiring a paid order', () => {
    expect(() => assertTransition('canceled', 'reserved')).toThrow('An order cannot go from canceled to reserved');
    expect(() => assertTransition('paid', 'expired')).toThrow();
    expect(() => assertTransition('pending', 'reserved')).toThrow();
    expect(() => assertTransition('reserved', 'paid')).not.toThrow();
  });
  it('knows the status words', () => {
    expect(ORDER_STATUSES).toEqual(['created', 'reserved', 'pending', 'paid', 'expired', 'canceled']);
    expect(isOrderStatus('paid')).toBe(true);
    expect(isOrderStatus('refunded')).toBe(false);
  });
});

describe('holds', () => {
  const now = at('2026-12-30T12:00:00Z');
  it("end after the shop's minutes, or the platform default when the shop has none", () => {
    expect(holdEndsAt(now, 20, 15)).toEqual(at('2026-12-30T12:20:00Z'));
    expect(holdEndsAt(now, 0, 15)).toEqual(at('2026-12-30T12:15:00Z'));
    expect(holdEndsAt(now, 0, 0.05)).toEqual(at('2026-12-30T12:00:03Z'));
  });
  it('are held while reserved or pending; payable only before the end and with something to pay', () => {
    const order = { status: 'reserved', expiresAt: at('2026-12-30T12:15:00Z'), totalMinor: 2549 };
    expect(isHeld('pending')).toBe(true);
    expect(isHeld('paid')).toBe(false);
    expect(isPayable(order, now)).toBe(true);
    expect(isPayable({ ...order, status: 'pending' }, now)).toBe(true);
    expect(isPayable(order, at('2026-12-30T12:15:00Z'))).toBe(false);
    expect(isPayable({ ...order, totalMinor: 0 }, now)).toBe(false);
    expect(isPayable({ ...order, status: 'expired' }, now)).toBe(false);
    expect(isPayable({ ...order, expiresAt: null }, now)).toBe(false);
  });
  it('may be held again after an unpaid hold ran out, with something to pay, and not after a late refund', () => {
    const expired = { status: 'expired', outcome: 'expired', totalMinor: 2549 };
    expect(isRenewable(expired)).toBe(true);
    expect(isRenewable({ ...expired, outcome: 'late_payment_refunded' })).toBe(false);
    expect(isRenewable({ ...expired, totalMinor: 0 })).toBe(false);
    for (const status of ['reserved', 'pending', 'paid', 'canceled'])
      expect(isRenewable({ ...expired, status, outcome: status === 'canceled' ? 'canceled' : '' })).toBe(false);
  });
  it('are over at expires_at (inclusive), for held orders only', () => {
    const order = { status: 'pending', expiresAt: at('2026-12-30T12:15:00Z') };
    expect(isHoldOver(order, at('2026-12-30T12:14:59.999Z'))).toBe(false);
    expect(isHoldOver(order, at('2026-12-30T12:15:00Z'))).toBe(true);
    expect(isHoldOver({ ...order, status: 'paid' }, at('2026-12-31T00:00:00Z'))).toBe(false);
  });
});
