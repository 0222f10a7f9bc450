import { isLocale } from '@kassa/contracts/locales';
import { localisedName } from '../../src/domain/event-name';

describe("event names in the guest's language", () => {
  const event = {
    name: 'Summer Concert',
    translations: [
      { locale: 'nl', name: 'Zomerconcert' },
      { locale: 'de', name: ' ' },
    ],
  };

  it("takes the translation for the locale, else the event's own name", () => {
    expect(localisedName(event, 'nl')).toBe('Zomerconcert');
    expect(localisedName(event, 'en')).toBe('Summer Concert');
    expect(localisedName(event, 'de')).toBe('Summer Concert');
    expect(localisedName(event, '')).toBe('Summer Concert');
  });

  it('knows English and Dutch', () => {
    expect(['en', 'nl', 'de', ''].filter(isLocale)).toEqual(['en', 'nl']);
  });
});
