import { ValidationError } from '@kassa/platform/errors';
import { checkEmailAddress } from '@kassa/platform/errors';
import { checkContactMessage, checkWaitlistSignUp } from '../../src/domain/public-forms';

function violationsOf(fn: () => unknown): { field: string; message: string }[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error.violations;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('checkEmailAddress', () => {
  it('trims and lower-cases a valid address', () => {
    expect(checkEmailAddress('  Jane.Doe@Example.COM ')).toEqual({ ok: true, email: 'jane.doe@example.com' });
  });

  it.each([
    [undefined, 'Email is required'],
    [null, 'Email is required'],
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    [42, 'Email is invalid'],
    ['jane', 'Email is invalid'],
    ['jane@example', 'Email is invalid'],
    ['jane@@example.com', 'Email is invalid'],
    ['ja ne@example.com', 'Email is invalid'],
    ['.jane@example.com', 'Email is invalid'],
    [`${'a'.repeat(243)}@example.com`, 'Email is too long'],
  ])('answers %j with "%s"', (value, message) => {
    expect(checkEmailAddress(value)).toEqual({ ok: false, message });
  });

  it('accepts exactly 254 characters', () => {
    // 64 is the longest local part; the domain makes up the rest.
    const address = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(address).toHaveLength(254);
    expect(checkEmailAddress(address).ok).toBe(true);
  });
});

describe('checkWaitlistSignUp', () => {
  it('returns the lower-cased address and a supported locale', () => {
    expect(checkWaitlistSignUp({ email: 'Sam@Example.org', locale: 'nl' })).toEqual({
      email: 'sam@example.org',
      locale: 'nl',
    });
    expect(checkWaitlistSignUp({ email: 'sam@example.org', locale: 'fr' })).toEqual({
      email: 'sam@example.org',
      locale: 'en',
    });
    expect(checkWaitlistSignUp({ email: 'sam@example.org', locale: '' })).toEqual({
      email: 'sam@example.org',
      locale: 'en',
    });
  });

  it("names a bad address in the specification's words", () => {
    expect(violationsOf(() => checkWaitlistSignUp({ email: '', locale: 'en' }))).toEqual([
      { field: 'email', message: 'Email is required' },
    ]);
    expect(violationsOf(() => checkWaitlistSignUp({ email: 'nope', locale: 'en' }))).toEqual([
      { field: 'email', message: 'Email is invalid' },
    ]);
  });
});

describe('checkContactMessage', () => {
  const valid = {
    name: ' Sam Jansen ',
    email: 'Sam@Example.org',
    message: '  Can I sell tickets for a festival?\nThanks!  ',
    locale: 'nl',
  };

  it('trims the fields and lower-cases the address', () => {
    expect(checkContactMessage(valid)).toEqual({
      name: 'Sam Jansen',
      email: 'sam@example.org',
      message: 'Can I sell tickets for a festival?\nThanks!',
      locale: 'nl',
    });
  });

  it('lets the name be left out', () => {
    expect(checkContactMessage({ ...valid, name: '' }).name).toBe('');
  });

  it('accepts the longest name and message', () => {
    const longest = checkContactMessage({ ...valid, name: 'n'.repeat(100), message: 'm'.repeat(5000) });
    expect(longest.name).toHaveLength(100);
    expect(longest.message).toHaveLength(5000);
  });

  it.each([
    [{ message: '' }, 'message', 'Message is required'],
    [{ message: '   ' }, 'message', 'Message is required'],
    [{ message: 'm'.repeat(5001) }, 'message', 'Message is too long'],
    [{ message: 7 }, 'message', 'Message is invalid'],
    [{ name: 'n'.repeat(101) }, 'name', 'Name is too long'],
    [{ name: ['Sam'] }, 'name', 'Name is invalid'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'sam@' }, 'email', 'Email is invalid'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email is too long'],
  ])('answers %j on %s with "%s"', (change, field, message) => {
    expect(violationsOf(() => checkContactMessage({ ...valid, ...change }))).toEqual([{ field, message }]);
  });

  it('names every bad field at once', () => {
    expect(
      violationsOf(() => checkContactMessage({ name: 'n'.repeat(101), email: 'x', message: '', locale: 'en' })),
    ).toEqual([
      { field: 'name', message: 'Name is too long' },
      { field: 'email', message: 'Email is invalid' },
      { field: 'message', message: 'Message is required' },
    ]);
  });
});
