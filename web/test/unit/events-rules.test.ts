import { fromDateTimeLocal, toDateTimeLocal } from '../../src/lib/date-time-local';
import {
  eventBodySchema,
  eventFormSchema,
  type EventFormValues,
  formFieldOf,
  localizeRuleMessage,
  SPEC_FIELD_LABELS,
  ticketOptionBodySchema,
  ticketOptionFormSchema,
} from '../../src/lib/event-rules';
import { SPEC_RULE_WORDS, type RuleWords } from '../../src/components/ui/field-rules';
import { actionKey, fieldOfPath, historyChanges } from '../../src/lib/history-diff';

/** The first message per dotted path, as the BFF and the forms show them. */
function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const validBody = {
  name: ' Summer Fest ',
  description: 'Open air',
  startsAt: '2027-07-01T18:00:00+02:00',
  endsAt: '2027-07-01T23:30:00+02:00',
  ticketLimit: null,
  location: { address: 'Dam 1', city: 'Amsterdam', postalCode: '1012 JS', country: 'nl' },
  timeZone: 'Europe/Amsterdam',
  translations: [{ locale: 'nl', name: 'Zomerfeest', description: 'In de open lucht' }],
};

describe('the event body the BFF accepts', () => {
  const schema = eventBodySchema();

  it('takes a whole event, trimmed, with instants in UTC and the country in capitals', () => {
    const parsed = schema.parse(validBody);
    expect(parsed).toEqual({
      ...validBody,
      name: 'Summer Fest',
      startsAt: '2027-07-01T16:00:00.000Z',
      endsAt: '2027-07-01T21:30:00.000Z',
      location: { ...validBody.location, country: 'NL' },
    });
    expect(schema.parse({ name: 'x', startsAt: validBody.startsAt, endsAt: validBody.endsAt })).toMatchObject({
      description: '',
      ticketLimit: null,
      translations: [],
      location: { address: '', city: '', postalCode: '', country: '' },
      // No zone: catalog keeps the event's (a new one: the platform's).
      timeZone: '',
    });
    expect(messagesOf(schema.safeParse({ ...validBody, timeZone: 'Mars/Base' }))).toEqual({
      timeZone: 'Time zone is invalid',
    });
    expect(messagesOf(schema.safeParse({ ...validBody, timeZone: 7 }))).toEqual({ timeZone: 'Time zone is invalid' });
  });

  it("answers in the spec's words per field", () => {
    expect(messagesOf(schema.safeParse({}))).toEqual({
      name: 'Name is required',
      startsAt: 'Start is required',
      endsAt: 'End is required',
    });
    expect(
      messagesOf(
        schema.safeParse({
          ...validBody,
          name: 'x'.repeat(101),
          description: 7,
          startsAt: 'tomorrow',
          ticketLimit: 0,
          location: { city: 'y'.repeat(101), country: 'Netherlands' },
          translations: [{ locale: 'de', name: '' }],
        }),
      ),
    ).toEqual({
      name: 'Name is too long',
      description: 'Description is invalid',
      startsAt: 'Start is invalid',
      ticketLimit: 'Minimum value is 1',
      'location.city': 'City is too long',
      'location.country': 'Country is invalid',
      'translations.0.locale': 'Language is invalid',
    });
    expect(messagesOf(schema.safeParse({ ...validBody, name: '   ' }))).toEqual({ name: 'Name must not be empty' });
    expect(messagesOf(schema.safeParse({ ...validBody, ticketLimit: 2.5 }))).toEqual({
      ticketLimit: 'Ticket limit is invalid',
    });
  });

  it('wants the end after the start', () => {
    expect(messagesOf(schema.safeParse({ ...validBody, endsAt: validBody.startsAt }))).toEqual({
      endsAt: 'End is invalid',
    });
  });

  it('checks ticket options, where a capacity of 0 is allowed and unset is unlimited', () => {
    const options = ticketOptionBodySchema();
    expect(options.parse({ name: ' VIP ', capacity: 0 })).toEqual({
      name: 'VIP',
      description: '',
      capacity: 0,
      translations: [],
    });
    expect(options.parse({ name: 'Regular' }).capacity).toBeNull();
    expect(messagesOf(options.safeParse({ capacity: -1 }))).toEqual({
      name: 'Name is required',
      capacity: 'Minimum value is 0',
    });
  });
});

const dutch: RuleWords = {
  ...SPEC_RULE_WORDS,
  required: (label) => `${label} is verplicht`,
  invalid: (label) => `${label} is ongeldig`,
  minValue: (min) => `De minimale waarde is ${min}`,
};
const dutchLabels = {
  ...SPEC_FIELD_LABELS,
  name: 'Naam',
  startsAt: 'Begin',
  endsAt: 'Einde',
  ticketLimit: 'Ticketlimiet',
  capacity: 'Capaciteit',
};

const formValues: EventFormValues = {
  name: 'Summer Fest',
  description: '',
  startsAt: '2027-07-01T18:00',
  endsAt: '2027-07-01T23:30',
  unlimited: false,
  ticketLimit: '500',
  location: { address: '', city: 'Amsterdam', postalCode: '', country: '' },
  timeZone: 'Europe/Amsterdam',
  translation: { name: ' Zomerfeest ', description: '' },
};

describe('the event form', () => {
  const schema = eventFormSchema({ labels: dutchLabels, words: dutch, translationLocale: 'nl' });

  it('turns what the inputs hold into the request body', () => {
    expect(schema.parse(formValues)).toEqual({
      name: 'Summer Fest',
      description: '',
      // The wall clock of the event's zone (CEST in July), whatever the zone of the machine running the form.
      startsAt: '2027-07-01T16:00:00.000Z',
      endsAt: '2027-07-01T21:30:00.000Z',
      ticketLimit: 500,
      location: { address: '', city: 'Amsterdam', postalCode: '', country: '' },
      timeZone: 'Europe/Amsterdam',
      translations: [{ locale: 'nl', name: 'Zomerfeest', description: '' }],
    });
    expect(
      schema.parse({
        ...formValues,
        unlimited: true,
        ticketLimit: 'ignored',
        translation: { name: '', description: '' },
      }),
    ).toMatchObject({
      ticketLimit: null,
      translations: [],
    });
    // The same wall clock in another zone is another moment.
    expect(schema.parse({ ...formValues, timeZone: 'America/New_York' })).toMatchObject({
      startsAt: '2027-07-01T22:00:00.000Z',
      timeZone: 'America/New_York',
    });
  });

  it("says what is wrong in the person's language", () => {
    expect(messagesOf(schema.safeParse({ ...formValues, name: '', startsAt: '' }))).toEqual({
      name: 'Naam is verplicht',
      startsAt: 'Begin is verplicht',
    });
    expect(messagesOf(schema.safeParse({ ...formValues, endsAt: '2027-07-01T17:00', ticketLimit: '0' }))).toEqual({
      endsAt: 'Einde is ongeldig',
      ticketLimit: 'De minimale waarde is 1',
    });
    expect(messagesOf(schema.safeParse({ ...formValues, ticketLimit: '' }))).toEqual({
      ticketLimit: 'Ticketlimiet is verplicht',
    });
    expect(messagesOf(schema.safeParse({ ...formValues, startsAt: '2027-02-31T10:00' }))).toEqual({
      startsAt: 'Begin is ongeldig',
    });
  });

  it('checks the ticket option form, capacity included', () => {
    const options = ticketOptionFormSchema({ labels: dutchLabels, words: dutch, translationLocale: 'en' });
    const values = {
      name: 'Regulier',
      description: '',
      unlimited: false,
      capacity: '100',
      translation: { name: 'Regular', description: '' },
    };
    expect(options.parse(values)).toEqual({
      name: 'Regulier',
      description: '',
      capacity: 100,
      translations: [{ locale: 'en', name: 'Regular', description: '' }],
    });
    expect(options.parse({ ...values, unlimited: true }).capacity).toBeNull();
    expect(messagesOf(options.safeParse({ ...values, capacity: '-3' }))).toEqual({
      capacity: 'De minimale waarde is 0',
    });
  });

  it("places the server's field messages on the form's fields, said again in the person's language", () => {
    expect(formFieldOf('translations.0.name')).toBe('translation.name');
    expect(formFieldOf('fields.location.city')).toBe('location.city');
    expect(formFieldOf('startsAt')).toBe('startsAt');
    expect(localizeRuleMessage('Name is required', 'Naam', dutch)).toBe('Naam is verplicht');
    expect(localizeRuleMessage('Minimum value is 1', 'Ticketlimiet', dutch)).toBe('De minimale waarde is 1');
    expect(localizeRuleMessage('The event is deleted', 'Naam', dutch)).toBe('The event is deleted');
  });
});

describe('datetime-local values', () => {
  it('go to ISO instants in the local time zone and back', () => {
    const iso = fromDateTimeLocal('2027-03-28T02:30');
    expect(iso).toBe(new Date(2027, 2, 28, 2, 30).toISOString());
    expect(toDateTimeLocal(new Date(2027, 0, 5, 9, 7).toISOString())).toBe('2027-01-05T09:07');
    expect(toDateTimeLocal(fromDateTimeLocal('2027-12-31T23:59'))).toBe('2027-12-31T23:59');
  });

  it('refuse what is not a moment', () => {
    for (const value of [
      '',
      'tomorrow',
      '2027-13-01T10:00',
      '2027-02-29T10:00',
      '2027-04-31T10:00',
      '2027-01-01 10:00',
    ]) {
      expect(fromDateTimeLocal(value)).toBeUndefined();
    }
    expect(fromDateTimeLocal('2028-02-29T10:00')).toBeDefined();
    expect(toDateTimeLocal(undefined)).toBe('');
    expect(toDateTimeLocal('not a date')).toBe('');
  });
});

describe('history properties', () => {
  it("lists a created entity's values from nothing, nested parts one by one", () => {
    // Stored JSON comes back in any order; the rows read name first, then dates, status, limits, place, translations.
    const json = JSON.stringify({
      translations: { from: null, to: [{ locale: 'nl', name: 'Zomerfeest', description: '' }] },
      location: { from: null, to: { city: 'Amsterdam', country: 'NL', address: '', postalCode: '' } },
      ticketLimit: { from: null, to: null },
      name: { from: null, to: 'Summer Fest' },
    });
    expect(historyChanges(json)).toEqual([
      { path: 'name', from: null, to: 'Summer Fest' },
      { path: 'location.address', from: null, to: '' },
      { path: 'location.postalCode', from: null, to: '' },
      { path: 'location.city', from: null, to: 'Amsterdam' },
      { path: 'location.country', from: null, to: 'NL' },
      { path: 'translations.nl.name', from: null, to: 'Zomerfeest' },
      { path: 'translations.nl.description', from: null, to: '' },
    ]);
  });

  it('shows only what changed in an update', () => {
    const json = JSON.stringify({
      status: { from: 'draft', to: 'live' },
      location: { from: { city: 'Utrecht', country: 'NL' }, to: { city: 'Amsterdam', country: 'NL' } },
      translations: {
        from: [{ locale: 'nl', name: 'Feest', description: 'x' }],
        to: [
          { locale: 'nl', name: 'Zomerfeest', description: 'x' },
          { locale: 'en', name: 'Party', description: '' },
        ],
      },
      capacity: { from: 100, to: null },
    });
    expect(historyChanges(json)).toEqual([
      { path: 'status', from: 'draft', to: 'live' },
      { path: 'capacity', from: 100, to: null },
      { path: 'location.city', from: 'Utrecht', to: 'Amsterdam' },
      { path: 'translations.en.name', from: null, to: 'Party' },
      { path: 'translations.en.description', from: null, to: '' },
      { path: 'translations.nl.name', from: 'Feest', to: 'Zomerfeest' },
    ]);
  });

  it('survives JSON it cannot read', () => {
    expect(historyChanges('')).toEqual([]);
    expect(historyChanges('not json')).toEqual([]);
    expect(historyChanges('[1,2]')).toEqual([]);
    expect(historyChanges('{"name": "no from/to"}')).toEqual([]);
  });

  it('names fields and actions for the messages', () => {
    expect(fieldOfPath('translations.nl.name')).toEqual({ field: 'name', locale: 'nl' });
    expect(fieldOfPath('location.postalCode')).toEqual({ field: 'postalCode' });
    expect(fieldOfPath('startsAt')).toEqual({ field: 'startsAt' });
    expect(actionKey('converted_to_draft')).toBe('convertedToDraft');
    expect(actionKey('published')).toBe('published');
  });
});
