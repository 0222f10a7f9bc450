import { reloadDelay } from '../../src/features/shop/reload-at';
import { formatMinor } from '../../src/lib/money-input';
import {
  availabilityOf,
  groupShopItems,
  type PublicShopEventView,
  type PublicShopItemView,
} from '../../src/lib/public-shop';

const location = { address: '', city: 'Utrecht', postalCode: '', country: 'NL' };
const event = (id: string, startsAt: string): PublicShopEventView => ({
  id,
  name: id,
  startsAt,
  endsAt: startsAt,
  timeZone: 'Europe/Amsterdam',
  location,
});
const item = (id: string, eventIds: string[]): PublicShopItemView => ({
  id,
  name: id,
  description: '',
  priceMinor: 1000,
  eventIds,
  saleStart: '',
  saleEnd: '',
  maxPerOrder: null,
});

describe("grouping a shop's items", () => {
  const friday = event('evt_fri', '2027-07-02T18:00:00.000Z');
  const saturday = event('evt_sat', '2027-07-03T18:00:00.000Z');

  it("puts offers first and single tickets under their event, in the shop's event order", () => {
    const items = [
      item('sat-regular', ['evt_sat']),
      item('weekend', ['evt_fri', 'evt_sat']),
      item('fri-regular', ['evt_fri']),
      item('sat-vip', ['evt_sat']),
    ];
    const { offers, singles } = groupShopItems(items, [friday, saturday]);
    expect(offers.map(({ id }) => id)).toEqual(['weekend']);
    expect(singles.map((group) => [group.event.id, group.items.map(({ id }) => id)])).toEqual([
      ['evt_fri', ['fri-regular']],
      ['evt_sat', ['sat-regular', 'sat-vip']],
    ]);
  });

  it('leaves out events without single tickets and items of events it does not know', () => {
    const { offers, singles } = groupShopItems(
      [item('orphan', ['evt_gone']), item('weekend', ['evt_fri', 'evt_sat'])],
      [friday, saturday],
    );
    expect(offers).toHaveLength(1);
    expect(singles).toEqual([]);
  });

  it('treats an item without availability as not for sale', () => {
    expect(availabilityOf({}, 'itm_x')).toEqual({ status: 'closed', maxQuantity: 0, remaining: null });
  });
});

describe('money', () => {
  it("formats minor units in the shop's currency and the visitor's locale", () => {
    expect(formatMinor(1250, 'EUR', 'en')).toBe('€12.50');
    expect(formatMinor(1250, 'EUR', 'nl')).toBe('€\u00a012,50');
    expect(formatMinor(123456, 'EUR', 'nl')).toBe('€\u00a01.234,56');
    expect(formatMinor(500, 'JPY', 'en')).toBe('¥500');
    expect(formatMinor(0, 'USD', 'en')).toBe('$0.00');
  });
});

describe('reloading when the shop opens', () => {
  it('waits until the opening time plus the spread, then backs off while the server still says upcoming', () => {
    expect(reloadDelay(10_000, 4_000, 0, 300)).toBe(6_300);
    expect(reloadDelay(10_000, 10_500, 0, 0)).toBe(2_000);
    expect(reloadDelay(10_000, 10_500, 2, 0)).toBe(8_000);
    expect(reloadDelay(10_000, 10_500, 10, 0)).toBe(60_000);
  });
});
