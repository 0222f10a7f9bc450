import fc from 'fast-check';
import { EMAIL_MAX_LENGTH, checkEmailAddress } from '../../src/errors';

describe('checkEmailAddress', () => {
  it('accepts an address and lower-cases and trims it', () => {
    expect(checkEmailAddress('  Jane.Doe+tickets@Example.COM ')).toEqual({
      ok: true,
      email: 'jane.doe+tickets@example.com',
    });
  });

  it.each([undefined, null, '', '   '])('answers "Email is required" for %p', (value) => {
    expect(checkEmailAddress(value)).toEqual({ ok: false, message: 'Email is required' });
  });

  it.each([
    'jane',
    'jane@',
    '@example.com',
    'jane@@example.com',
    'ja ne@example.com',
    'jane@example',
    'jane@exa_mple.com',
    '.jane@example.com',
    'jane.@example.com',
    'ja..ne@example.com',
    'jane@-example.com',
    'jane@example.c',
    '"jane"@example.com',
    'jane@example.com\u0000',
    'a@b@example.com',
  ])('answers "Email is invalid" for %j', (value) => {
    expect(checkEmailAddress(value)).toEqual({ ok: false, message: 'Email is invalid' });
  });

  it.each([42, {}, ['a@b.co']])('answers "Email is invalid" for the non-text %p', (value) => {
    expect(checkEmailAddress(value)).toEqual({ ok: false, message: 'Email is invalid' });
  });

  it('answers "Email is too long" past 254 characters', () => {
    const long = `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.com`;
    expect(long.length).toBeGreaterThan(EMAIL_MAX_LENGTH);
    expect(checkEmailAddress(long)).toEqual({ ok: false, message: 'Email is too long' });
  });

  it('refuses a local part over 64 characters', () => {
    expect(checkEmailAddress(`${'a'.repeat(65)}@example.com`)).toEqual({ ok: false, message: 'Email is invalid' });
  });

  it('uses the label it is given', () => {
    expect(checkEmailAddress('', 'E-mail')).toEqual({ ok: false, message: 'E-mail is required' });
  });

  it('accepts ordinary generated addresses and is idempotent on its own output', () => {
    const local = fc.stringMatching(/^[a-z0-9](?:[a-z0-9._+-]{0,20}[a-z0-9])?$/).filter((s) => !s.includes('..'));
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
    const tld = fc.stringMatching(/^[a-z]{2,6}$/);
    fc.assert(
      fc.property(local, fc.array(label, { minLength: 1, maxLength: 3 }), tld, (l, labels, t) => {
        const address = `${l}@${labels.join('.')}.${t}`;
        const checked = checkEmailAddress(address.toUpperCase());
        expect(checked).toEqual({ ok: true, email: address });
        expect(checkEmailAddress(address)).toEqual(checked);
      }),
    );
  });
});
