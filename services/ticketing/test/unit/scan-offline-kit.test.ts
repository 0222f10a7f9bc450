import { offlineTicketStatus, revokedTicketIds } from '../../src/domain/offline-kit';

const AT = new Date('2026-12-24T19:00:00Z');

describe('the offline kit', () => {
  it('shows a valid ticket as created until it is checked in at this event, then as used', () => {
    expect(offlineTicketStatus('created', null)).toBe('created');
    expect(offlineTicketStatus('created', AT)).toBe('used');
    // "used" overall (checked in at every event) but the access row here says when.
    expect(offlineTicketStatus('used', AT)).toBe('used');
  });
  it('keeps canceled and reserved tickets as they are, checked in or not', () => {
    expect(offlineTicketStatus('canceled', null)).toBe('canceled');
    expect(offlineTicketStatus('canceled', AT)).toBe('canceled');
    expect(offlineTicketStatus('reserved', null)).toBe('reserved');
  });
  it('revokes exactly the canceled tickets', () => {
    const tickets = [
      { id: 'tkt_a', status: 'created' },
      { id: 'tkt_b', status: 'canceled' },
      { id: 'tkt_c', status: 'used' },
      { id: 'tkt_d', status: 'reserved' },
      { id: 'tkt_e', status: 'canceled' },
    ];
    expect(revokedTicketIds(tickets)).toEqual(['tkt_b', 'tkt_e']);
  });
});
