import { RTL_LANGUAGES, textDirection } from '../../src/lib/text-direction';

describe('textDirection', () => {
  it.each(['ar', 'ckb', 'fa', 'he', 'ug', 'ur'])('is rtl for %s', (language) => {
    expect(textDirection(language)).toBe('rtl');
  });

  it.each([
    'ar-EG',
    'ar-SA',
    'ckb-IQ',
    'fa-IR',
    'fa-AF',
    'he-IL',
    'ug-CN',
    'ur-PK',
    'AR',
    'He-il',
    'fa_IR',
    'ar-Arab-EG',
  ])('is rtl for %s (region and script subtags, any case)', (locale) => {
    expect(textDirection(locale)).toBe('rtl');
  });

  it.each(['en', 'nl', 'en-GB', 'nl-BE', 'de', 'ku', 'ku-Latn', 'tr', 'zh-Hant', 'arn', 'heb', 'ura', 'x-ar', ''])(
    'is ltr for %j',
    (locale) => {
      expect(textDirection(locale)).toBe('ltr');
    },
  );

  it('lists exactly the six languages of the spec', () => {
    expect([...RTL_LANGUAGES].sort()).toEqual(['ar', 'ckb', 'fa', 'he', 'ug', 'ur']);
  });
});
