import { publicEventView } from '../../src/domain/public-event';
import { textsIn } from '../../src/domain/translations';

const event = {
  id: 'evt_1',
  organisationId: 'org_1',
  name: 'Summer Concert',
  description: 'Live music',
  startsAt: new Date('2026-07-01T18:00:00Z'),
  endsAt: new Date('2026-07-01T23:00:00Z'),
  status: 'live',
  location: { address: 'Museumplein 1', city: 'Amsterdam', postalCode: '1071 DJ', country: 'NL' },
  translations: [{ locale: 'nl', name: 'Zomerconcert', description: '' }],
  timeZone: 'America/New_York',
};
const options = [
  {
    id: 'tko_1',
    name: 'Regular',
    description: 'Entry',
    translations: [{ locale: 'nl', name: 'Standaard', description: 'Toegang' }],
  },
];

describe('the public view of an event', () => {
  it('gives the texts in the visitor locale', () => {
    const view = publicEventView(event, options, 'nl');
    expect(view).toMatchObject({
      name: 'Zomerconcert',
      status: 'live',
      location: event.location,
      timeZone: 'America/New_York',
      organisationId: 'org_1',
    });
    expect(view.ticketOptions).toEqual([{ id: 'tko_1', name: 'Standaard', description: 'Toegang' }]);
  });

  it('falls back to the own texts per field and for other locales', () => {
    expect(publicEventView(event, options, 'nl').description).toBe('Live music');
    expect(publicEventView(event, options, 'en')).toMatchObject({
      name: 'Summer Concert',
      ticketOptions: [{ name: 'Regular', description: 'Entry' }],
    });
    expect(textsIn('fr', event)).toEqual({ name: 'Summer Concert', description: 'Live music' });
  });
});
