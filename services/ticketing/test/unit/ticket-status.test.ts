import fc from 'fast-check';
import {
  effectOfOrderStatus,
  isAttendeeStatus,
  isIssuedAndValid,
  nextTicketStatus,
  TICKET_STATUSES,
  type OrderTicketEffect,
  voidReason,
} from '../../src/domain/ticket-status';

describe('what an order change does to its tickets', () => {
  it('holds them while the order is reserved or pending, issues them when paid, voids them when expired or canceled', () => {
    expect(['created', 'reserved', 'pending'].map(effectOfOrderStatus)).toEqual(['hold', 'hold', 'hold']);
    expect(effectOfOrderStatus('paid')).toBe('issue');
    expect(['expired', 'canceled'].map(effectOfOrderStatus)).toEqual(['void', 'void']);
    expect(effectOfOrderStatus('refunded-ish')).toBe('none');
  });

  it('moves tickets only forward: reserved → created → (used) → canceled', () => {
    expect(nextTicketStatus({ status: 'reserved', issued: false }, 'issue')).toBe('created');
    expect(nextTicketStatus({ status: 'created', issued: true }, 'issue')).toBeNull();
    expect(nextTicketStatus({ status: 'used', issued: true }, 'issue')).toBeNull();
    expect(nextTicketStatus({ status: 'reserved', issued: false }, 'hold')).toBeNull();
    expect(nextTicketStatus({ status: 'created', issued: true }, 'hold')).toBeNull();
    for (const status of ['reserved', 'created', 'used'] as const)
      expect(nextTicketStatus({ status, issued: status !== 'reserved' }, 'void')).toBe('canceled');
  });

  it('revives tickets of an order that expired unpaid and was then paid late, but never a ticket that was issued', () => {
    expect(nextTicketStatus({ status: 'canceled', issued: false }, 'issue')).toBe('created');
    expect(nextTicketStatus({ status: 'canceled', issued: true }, 'issue')).toBeNull();
    expect(nextTicketStatus({ status: 'canceled', issued: false }, 'hold')).toBeNull();
  });

  it('is idempotent: applying the same effect twice changes nothing the second time', () => {
    const effect = fc.constantFrom<OrderTicketEffect>('hold', 'issue', 'void', 'none');
    fc.assert(
      fc.property(fc.constantFrom(...TICKET_STATUSES), fc.boolean(), effect, (status, issued, applied) => {
        const next = nextTicketStatus({ status, issued }, applied);
        if (next === null) return;
        expect(nextTicketStatus({ status: next, issued: issued || next === 'created' }, applied)).toBeNull();
      }),
    );
  });

  it('names why tickets were voided: expired, refunded (in full, or a late payment paid back) or canceled', () => {
    expect(voidReason({ status: 'expired', outcome: 'expired' }, 'expired', false)).toBe('expired');
    expect(voidReason({ status: 'canceled', outcome: 'canceled' }, 'canceled', false)).toBe('canceled');
    expect(voidReason({ status: 'canceled', outcome: 'refunded' }, 'canceled', true)).toBe('refunded');
    expect(voidReason({ status: 'canceled', outcome: '' }, 'refunded', false)).toBe('refunded');
    expect(voidReason({ status: 'canceled', outcome: 'late_payment_refunded' }, 'canceled', false)).toBe('refunded');
  });

  it('knows which statuses admit and which an organiser filters attendees by', () => {
    expect(TICKET_STATUSES.filter(isIssuedAndValid)).toEqual(['created', 'used']);
    expect(['created', 'used', 'canceled', 'reserved'].filter(isAttendeeStatus)).toEqual([
      'created',
      'used',
      'canceled',
    ]);
  });
});
