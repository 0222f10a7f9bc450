import { checkDisplayName } from '../../src/domain/display-name';
import { toLocale } from '@kassa/contracts/locales';

describe('toLocale', () => {
  it.each([
    ['nl', 'nl'],
    ['NL-be', 'nl'],
    ['en_GB', 'en'],
    ['de', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%p → %p', (input, expected) => {
    expect(toLocale(input)).toBe(expected);
  });
});

describe('checkDisplayName', () => {
  it('trims and folds white space', () => {
    expect(checkDisplayName('  Jane   van  Dijk ')).toEqual({ ok: true, displayName: 'Jane van Dijk' });
  });
  it('is optional', () => {
    expect(checkDisplayName(undefined)).toEqual({ ok: true, displayName: '' });
  });
  it('refuses names over 100 characters', () => {
    expect(checkDisplayName('x'.repeat(101))).toEqual({ ok: false, message: 'Name is too long' });
  });
  it('refuses control characters', () => {
    expect(checkDisplayName('Jane\u0007')).toEqual({ ok: false, message: 'Name is invalid' });
  });
});
