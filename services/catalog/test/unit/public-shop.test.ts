import { publicShopView, type PublicShopSource } from '../../src/domain/public-shop';

const location = { address: 'Museumplein 1', city: 'Amsterdam', postalCode: '1071 DJ', country: 'NL' };
const opensAt = new Date('2026-07-01T10:00:00Z');
const closesAt = new Date('2026-07-10T10:00:00Z');
const event = (id: string, status: string, day: number) => ({
  id,
  status,
  name: `Event ${id}`,
  description: '',
  translations: [{ locale: 'nl', name: `Evenement ${id}`, description: '' }],
  startsAt: new Date(`2026-07-${String(day).padStart(2, '0')}T18:00:00Z`),
  endsAt: new Date(`2026-07-${String(day).padStart(2, '0')}T23:00:00Z`),
  location,
  timeZone: 'Europe/Amsterdam',
});
const item = (
  id: string,
  ticketOptionId: string,
  eventIds: string[],
  extra: Partial<PublicShopSource['items'][number]> = {},
) => ({
  id,
  ticketOptionId,
  eventIds,
  name: '',
  priceMinor: 1000,
  saleStart: null,
  saleEnd: null,
  maxPerOrder: null,
  ...extra,
});

const source: PublicShopSource = {
  shop: {
    id: 'shp_1',
    organisationId: 'org_1',
    name: 'Summer Shop',
    description: 'Tickets',
    translations: [{ locale: 'nl', name: 'Zomerwinkel', description: '' }],
    opensAt,
    closesAt,
    currency: 'EUR',
    donation: { enabled: true, suggestedAmountsMinor: [500], allowCustomAmount: false },
  },
  items: [
    item('itm_offer', 'tko_pass', ['evt_late', 'evt_early'], { name: 'Weekend pass', maxPerOrder: 4 }),
    item('itm_single', 'tko_regular', ['evt_early'], { saleStart: new Date('2026-07-02T00:00:00Z') }),
    item('itm_draft', 'tko_draft', ['evt_draft']),
    item('itm_mixed', 'tko_regular', ['evt_early', 'evt_ended']),
    item('itm_gone', 'tko_missing', ['evt_early']),
  ],
  ticketOptions: new Map([
    [
      'tko_pass',
      {
        name: 'Pass',
        description: 'Both nights',
        translations: [{ locale: 'nl', name: 'Pas', description: 'Beide avonden' }],
      },
    ],
    [
      'tko_regular',
      { name: 'Regular', description: 'Entry', translations: [{ locale: 'nl', name: 'Standaard', description: '' }] },
    ],
    ['tko_draft', { name: 'Draft', description: '', translations: [] }],
  ]),
  events: new Map([
    ['evt_early', event('evt_early', 'live', 3)],
    ['evt_late', event('evt_late', 'live', 4)],
    ['evt_draft', event('evt_draft', 'draft', 5)],
    ['evt_ended', event('evt_ended', 'ended', 2)],
  ]),
};

describe('publicShopView', () => {
  it('shows items of live events only, in the visitor’s locale, with the shop’s window as their default', () => {
    const view = publicShopView(source, 'nl', { now: opensAt, passwordRequired: false });
    expect(view).toMatchObject({
      name: 'Zomerwinkel',
      description: 'Tickets',
      window: 'open',
      currency: 'EUR',
      passwordRequired: false,
    });
    expect(view.items.map((i) => [i.id, i.name, i.description, i.eventIds])).toEqual([
      ['itm_offer', 'Weekend pass', 'Beide avonden', ['evt_early', 'evt_late']],
      ['itm_single', 'Standaard', 'Entry', ['evt_early']],
      ['itm_mixed', 'Standaard', 'Entry', ['evt_early']],
    ]);
    expect(view.items[0]).toMatchObject({ saleStart: opensAt, saleEnd: closesAt, maxPerOrder: 4 });
    expect(view.items[1]!.saleStart).toEqual(new Date('2026-07-02T00:00:00Z'));
    expect(view.items[1]!.maxPerOrder).toBeUndefined();
    expect(view.events.map((e) => [e.id, e.name])).toEqual([
      ['evt_early', 'Evenement evt_early'],
      ['evt_late', 'Evenement evt_late'],
    ]);
  });

  it('falls back to the own texts and tells the window', () => {
    const view = publicShopView(source, 'fr', { now: new Date(opensAt.getTime() - 1), passwordRequired: false });
    expect(view).toMatchObject({ name: 'Summer Shop', window: 'upcoming' });
    expect(view.items[1]!.name).toBe('Regular');
  });

  it('leaves out items and events behind a password', () => {
    const view = publicShopView(source, 'en', { now: opensAt, passwordRequired: true });
    expect(view).toMatchObject({
      passwordRequired: true,
      items: [],
      events: [],
      donation: { enabled: true, suggestedAmountsMinor: [500] },
    });
  });
});
