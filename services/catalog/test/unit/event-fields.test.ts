import { ValidationError } from '@kassa/platform/errors';
import { type EventFieldsInput, checkEventFields } from '../../src/domain/event-fields';

const valid: EventFieldsInput = {
  name: '  Summer Concert ',
  description: 'Live music',
  startsAt: new Date('2026-07-01T18:00:00Z'),
  endsAt: new Date('2026-07-01T23:00:00Z'),
  translations: [{ locale: 'nl', name: 'Zomerconcert', description: 'Livemuziek' }],
  location: { address: 'Museumplein 1', city: 'Amsterdam', postalCode: '1071 DJ', country: 'nl' },
};

function violationsOf(input: Partial<EventFieldsInput>): { field: string; message: string }[] {
  try {
    checkEventFields({ ...valid, ...input } as EventFieldsInput, 'Europe/Amsterdam');
  } catch (error) {
    if (error instanceof ValidationError) return error.violations;
    throw error;
  }
  return [];
}

describe('checkEventFields', () => {
  it('trims texts, upper-cases the country and reads an unset ticket limit as unlimited', () => {
    const values = checkEventFields(valid, 'Europe/Amsterdam');
    expect(values).toMatchObject({ name: 'Summer Concert', ticketLimit: null, location: { country: 'NL' } });
    expect(values.translations).toEqual([{ locale: 'nl', name: 'Zomerconcert', description: 'Livemuziek' }]);
  });

  it('requires a name, a start and an end, with the spec messages', () => {
    expect(violationsOf({ name: ' ', startsAt: undefined, endsAt: undefined })).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'startsAt', message: 'Start is required' },
      { field: 'endsAt', message: 'End is required' },
    ]);
  });

  it('refuses an end that is not after the start, on the end field', () => {
    expect(violationsOf({ endsAt: valid.startsAt })).toEqual([{ field: 'endsAt', message: 'End is invalid' }]);
    expect(violationsOf({ endsAt: new Date('2026-07-01T17:00:00Z') })).toEqual([
      { field: 'endsAt', message: 'End is invalid' },
    ]);
  });

  it('takes a ticket limit of at least 1', () => {
    expect(checkEventFields({ ...valid, ticketLimit: 1 }, 'Europe/Amsterdam').ticketLimit).toBe(1);
    expect(violationsOf({ ticketLimit: 0 })).toEqual([{ field: 'ticketLimit', message: 'Minimum value is 1' }]);
    expect(violationsOf({ ticketLimit: -5 })).toEqual([{ field: 'ticketLimit', message: 'Minimum value is 1' }]);
  });

  it('limits the lengths of name, description and location', () => {
    expect(violationsOf({ name: 'x'.repeat(100) })).toEqual([]);
    expect(
      violationsOf({
        name: 'x'.repeat(101),
        description: 'x'.repeat(5001),
        location: { address: 'a'.repeat(201), city: 'c'.repeat(101), postalCode: 'p'.repeat(21), country: '' },
      }),
    ).toEqual([
      { field: 'name', message: 'Name is too long' },
      { field: 'description', message: 'Description is too long' },
      { field: 'location.address', message: 'Address is too long' },
      { field: 'location.city', message: 'City is too long' },
      { field: 'location.postalCode', message: 'Postal code is too long' },
    ]);
  });

  it('takes an assigned ISO 3166-1 alpha-2 country or none', () => {
    expect(checkEventFields({ ...valid, location: undefined }, 'Europe/Amsterdam').location).toEqual({
      address: '',
      city: '',
      postalCode: '',
      country: '',
    });
    expect(violationsOf({ location: { ...valid.location, country: 'XX' } })).toEqual([
      { field: 'location.country', message: 'Country is invalid' },
    ]);
    expect(violationsOf({ location: { ...valid.location, country: 'NLD' } })).toEqual([
      { field: 'location.country', message: 'Country is invalid' },
    ]);
  });

  it('takes translations in en and nl, at most one per locale', () => {
    expect(
      violationsOf({
        translations: [
          { locale: 'nl', name: 'A', description: '' },
          { locale: 'nl', name: 'B', description: '' },
          { locale: 'fr', name: 'C', description: '' },
          { locale: 'en', name: 'x'.repeat(101), description: 'x'.repeat(5001) },
        ],
      }),
    ).toEqual([
      { field: 'translations.1.locale', message: 'Language is invalid' },
      { field: 'translations.2.locale', message: 'Language is invalid' },
      { field: 'translations.3.name', message: 'Name is too long' },
      { field: 'translations.3.description', message: 'Description is too long' },
    ]);
  });

  it('drops a translation that says nothing', () => {
    expect(
      checkEventFields({ ...valid, translations: [{ locale: 'en', name: ' ', description: '' }] }, 'Europe/Amsterdam')
        .translations,
    ).toEqual([]);
  });

  it('keeps the current zone when none is given, takes a known one, and refuses any other spelling', () => {
    expect(checkEventFields(valid, 'Europe/London').timeZone).toBe('Europe/London');
    expect(checkEventFields({ ...valid, timeZone: '' }, 'Europe/London').timeZone).toBe('Europe/London');
    expect(checkEventFields({ ...valid, timeZone: 'America/New_York' }, 'Europe/London').timeZone).toBe(
      'America/New_York',
    );
    for (const timeZone of ['Mars/Base', 'europe/amsterdam', ' Europe/Amsterdam', 'CEST', 'x'.repeat(65)])
      expect(violationsOf({ timeZone })).toEqual([{ field: 'timeZone', message: 'Time zone is invalid' }]);
  });

  it('reports every violation at once', () => {
    expect(violationsOf({ name: '', ticketLimit: 0, endsAt: valid.startsAt }).map((v) => v.field)).toEqual([
      'name',
      'endsAt',
      'ticketLimit',
    ]);
  });
});
