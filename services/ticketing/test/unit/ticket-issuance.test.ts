import fc from 'fast-check';
import { planTickets, splitPrice } from '../../src/domain/ticket-issuance';

const line = (overrides: Partial<Parameters<typeof planTickets>[0][number]> = {}) => ({
  itemId: 'itm_1',
  ticketOptionId: 'tko_1',
  eventIds: ['evt_1'],
  name: 'Regular',
  quantity: 1,
  totalMinor: 2500,
  ...overrides,
});

describe('splitting a line total over its tickets', () => {
  it('adds up exactly, differs by at most one cent, and gives the leftover cents to the first tickets', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.integer({ min: 1, max: 50 }), (total, quantity) => {
        const shares = splitPrice(total, quantity);
        expect(shares).toHaveLength(quantity);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        expect([...shares].sort((a, b) => b - a)).toEqual(shares);
        expect(shares.every(Number.isInteger)).toBe(true);
      }),
    );
    expect(splitPrice(1000, 3)).toEqual([334, 333, 333]);
    expect(splitPrice(0, 2)).toEqual([0, 0]);
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => splitPrice(10.5, 2)).toThrow();
    expect(() => splitPrice(-1, 2)).toThrow();
    expect(() => splitPrice(100, 0)).toThrow();
    expect(splitPrice(0, 0)).toEqual([]);
  });
});

describe('tickets from order lines', () => {
  it('makes one ticket per admission, numbered across the order, each with the order count', () => {
    const tickets = planTickets([
      line({ quantity: 3, totalMinor: 7500 }),
      line({ itemId: 'itm_2', ticketOptionId: 'tko_2', name: 'VIP', quantity: 1, totalMinor: 5000 }),
    ]);
    expect(tickets.map((ticket) => [ticket.position, ticket.ofCount, ticket.itemId, ticket.priceMinor])).toEqual([
      [1, 4, 'itm_1', 2500],
      [2, 4, 'itm_1', 2500],
      [3, 4, 'itm_1', 2500],
      [4, 4, 'itm_2', 5000],
    ]);
    expect(tickets[3]).toMatchObject({ itemName: 'VIP', ticketOptionId: 'tko_2' });
  });

  it('gives each ticket of a multi-event item access to every event, each once', () => {
    const [pass] = planTickets([line({ eventIds: ['evt_1', 'evt_2', 'evt_1'] })]);
    expect(pass!.eventIds).toEqual(['evt_1', 'evt_2']);
  });

  it('prices a discounted line exactly: the tickets add up to its total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 20 }), totalMinor: fc.nat({ max: 100_000 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        (lines) => {
          const tickets = planTickets(lines.map((entry, index) => line({ ...entry, itemId: `itm_${index}` })));
          expect(tickets).toHaveLength(lines.reduce((sum, entry) => sum + entry.quantity, 0));
          lines.forEach((entry, index) => {
            expect(
              tickets
                .filter((ticket) => ticket.itemId === `itm_${index}`)
                .reduce((sum, ticket) => sum + ticket.priceMinor, 0),
            ).toBe(entry.totalMinor);
          });
          expect(tickets.map((ticket) => ticket.position)).toEqual(tickets.map((_, index) => index + 1));
        },
      ),
    );
  });

  it('refuses an item that grants no event', () => {
    expect(() => planTickets([line({ eventIds: [] })])).toThrow(/grants no event/);
  });
});
