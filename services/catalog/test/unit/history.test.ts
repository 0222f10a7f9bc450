import { diffProperties, eventProperties, shopProperties, ticketOptionProperties } from '../../src/domain/history';

const event = {
  name: 'Concert',
  description: '',
  startsAt: new Date('2026-07-01T18:00:00Z'),
  endsAt: new Date('2026-07-01T23:00:00Z'),
  ticketLimit: null,
  translations: [{ locale: 'nl', name: 'Concert NL', description: '' }],
  location: { address: '', city: 'Amsterdam', postalCode: '', country: 'NL' },
  timeZone: 'Europe/Amsterdam',
  status: 'draft',
};

describe('history properties', () => {
  it('lists every property from null for a created entity', () => {
    const changes = diffProperties(undefined, eventProperties(event));
    expect(Object.keys(changes).sort()).toEqual([
      'description',
      'endsAt',
      'location',
      'name',
      'startsAt',
      'status',
      'ticketLimit',
      'timeZone',
      'translations',
    ]);
    expect(changes.startsAt).toEqual({ from: null, to: '2026-07-01T18:00:00.000Z' });
    expect(changes.ticketLimit).toEqual({ from: null, to: null });
  });

  it('lists only what changed, nested values compared whole', () => {
    const before = eventProperties(event);
    const after = eventProperties({
      ...event,
      name: 'Big concert',
      ticketLimit: 100,
      location: { ...event.location, city: 'Utrecht' },
    });
    expect(diffProperties(before, after)).toEqual({
      name: { from: 'Concert', to: 'Big concert' },
      ticketLimit: { from: null, to: 100 },
      location: { from: event.location, to: { ...event.location, city: 'Utrecht' } },
    });
    expect(diffProperties(before, eventProperties({ ...event }))).toEqual({});
  });

  it('records a status change as the status property', () => {
    expect(diffProperties(eventProperties(event), eventProperties({ ...event, status: 'live' }))).toEqual({
      status: { from: 'draft', to: 'live' },
    });
  });

  it('lists every property to null for a deleted ticket option', () => {
    const option = ticketOptionProperties({ name: 'VIP', description: 'Front row', capacity: 50, translations: [] });
    expect(diffProperties(option, undefined)).toEqual({
      name: { from: 'VIP', to: null },
      description: { from: 'Front row', to: null },
      capacity: { from: 50, to: null },
      translations: { from: [], to: null },
    });
  });
});

describe('shop properties', () => {
  it('record whether a password is set and its version, never the password', () => {
    const properties = shopProperties({
      name: 'Shop',
      description: '',
      opensAt: new Date('2026-07-01T10:00:00Z'),
      closesAt: new Date('2026-07-02T10:00:00Z'),
      status: 'draft',
      translations: [],
      currency: 'EUR',
      passwordProtected: true,
      passwordVersion: 2,
      donation: { enabled: false, suggestedAmountsMinor: [], allowCustomAmount: false },
      reservationMinutes: 15,
    });
    expect(properties).toMatchObject({
      passwordProtected: true,
      passwordVersion: 2,
      opensAt: '2026-07-01T10:00:00.000Z',
    });
    expect(Object.keys(properties)).not.toContain('password');
    expect(Object.keys(properties)).not.toContain('passwordHash');
  });
});
