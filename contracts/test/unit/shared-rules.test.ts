import { CURRENCIES, CURRENCY_CODE_PATTERN, DEFAULT_CURRENCY, isCurrency } from '@kassa/contracts/currencies';
import {
  EMAIL_MAX_LENGTH,
  emailAddressProblem,
  isEmailAddress,
  normaliseEmailAddress,
} from '@kassa/contracts/email-address';
import { IDEMPOTENCY_KEY_PATTERN, isIdempotencyKey, newIdempotencyKey } from '@kassa/contracts/idempotency-key';
import { DEFAULT_LOCALE, isLocale, localeOrDefault, LOCALES, toLocale } from '@kassa/contracts/locales';

describe('locales', () => {
  it("are the spec's en and nl, English first", () => {
    expect(LOCALES).toEqual(['en', 'nl']);
    expect(DEFAULT_LOCALE).toBe('en');
  });

  it('reads a language tag, falling back to English for anything else', () => {
    expect(toLocale('nl-BE')).toBe('nl');
    expect(toLocale(' NL_nl ')).toBe('nl');
    expect(toLocale('de')).toBe('en');
    expect(toLocale(undefined)).toBe('en');
  });

  it('takes only an exact locale where Kassa wrote it itself', () => {
    expect(localeOrDefault('nl')).toBe('nl');
    expect(localeOrDefault('nl-BE')).toBe('en');
    expect(localeOrDefault(null)).toBe('en');
    expect(isLocale('NL')).toBe(false);
    expect(isLocale(1)).toBe(false);
  });
});

describe('currencies', () => {
  it('offers EUR first and knows only the listed codes, in capitals', () => {
    expect(CURRENCIES[0]).toBe(DEFAULT_CURRENCY);
    expect(new Set(CURRENCIES).size).toBe(CURRENCIES.length);
    expect(CURRENCIES.every((code) => CURRENCY_CODE_PATTERN.test(code))).toBe(true);
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('eur')).toBe(false);
    expect(isCurrency('XYZ')).toBe(false);
    expect(isCurrency('EURO')).toBe(false);
  });
});

describe('e-mail addresses', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    [undefined, 'required'],
    [42, 'invalid'],
    ['guest', 'invalid'],
    ['a@b.c', 'invalid'],
    ['a@@example.com', 'invalid'],
    ['a b@example.com', 'invalid'],
    ['.a@example.com', 'invalid'],
    ['a..b@example.com', 'invalid'],
    ['a@example', 'invalid'],
    [`${'a'.repeat(65)}@example.com`, 'invalid'],
    [`${'a'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`, 'tooLong'],
    ['Guest@Example.COM', null],
    [' guest+tickets@example.nl ', null],
    ['gast@bücher.de', null],
  ])('%j is %s', (address, problem) => {
    expect(emailAddressProblem(address)).toBe(problem);
  });

  it('is kept trimmed and in lower case, at most 254 characters', () => {
    expect(normaliseEmailAddress(' Guest@Example.COM ')).toBe('guest@example.com');
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(EMAIL_MAX_LENGTH - 64 - 1 - 63 - 1 - 63 - 1 - 4)}.com`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    expect(isEmailAddress(longest)).toBe(true);
    expect(isEmailAddress(`a${longest}`)).toBe(false);
  });
});

describe('idempotency keys', () => {
  it('are 8 to 100 characters of [A-Za-z0-9_-]', () => {
    expect(isIdempotencyKey('a'.repeat(7))).toBe(false);
    expect(isIdempotencyKey('a'.repeat(8))).toBe(true);
    expect(isIdempotencyKey('A-z_9'.repeat(20))).toBe(true);
    expect(isIdempotencyKey('a'.repeat(101))).toBe(false);
    expect(isIdempotencyKey('abcdefgh!')).toBe(false);
    expect(isIdempotencyKey(12345678)).toBe(false);
  });

  it('are made fresh and well formed by newIdempotencyKey', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });
});
