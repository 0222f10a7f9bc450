import type { AvailabilityStatus } from '@kassa/contracts/statuses';
import { eventShopSummary } from '../../src/domain/event-shops';

const item = (eventIds: string[], priceMinor: number, status: AvailabilityStatus) => ({
  item: { eventIds, priceMinor },
  availability: { status },
});

describe('eventShopSummary', () => {
  it('is null when no item grants the event', () => {
    expect(eventShopSummary([item(['evt_b'], 1000, 'available')], 'evt_a')).toBeNull();
  });

  it('prices from the cheapest item still to be had, with the best availability', () => {
    expect(
      eventShopSummary(
        [
          item(['evt_a'], 1500, 'sold out'),
          item(['evt_a', 'evt_b'], 4500, 'available'),
          item(['evt_a'], 2500, 'upcoming'),
          item(['evt_b'], 500, 'available'),
        ],
        'evt_a',
      ),
    ).toEqual({ priceFromMinor: 2500, status: 'available' });
  });

  it('prices from the cheapest of all when every item is sold out', () => {
    expect(eventShopSummary([item(['evt_a'], 3000, 'sold out'), item(['evt_a'], 2000, 'sold out')], 'evt_a')).toEqual({
      priceFromMinor: 2000,
      status: 'sold out',
    });
  });
});
