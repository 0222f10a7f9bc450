import { checkBody, signInCodeBody, verifyBody } from '../../server/auth/auth-validation';

describe('sign-in-code body', () => {
  const valid = { email: ' jane@example.com ', purpose: 'sign-in', locale: 'nl' };

  it('accepts a valid body and trims the address', () => {
    expect(checkBody(signInCodeBody, valid)).toEqual({
      ok: true,
      data: { email: 'jane@example.com', purpose: 'sign-in', locale: 'nl' },
    });
  });

  it('defaults the locale to en', () => {
    const result = checkBody(signInCodeBody, { email: 'jane@example.com', purpose: 'sign-up', displayName: ' Jane ' });
    expect(result).toEqual({
      ok: true,
      data: { email: 'jane@example.com', purpose: 'sign-up', displayName: 'Jane', locale: 'en' },
    });
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: '   ' }, 'Email is required'],
    [{ email: null }, 'Email is required'],
    [{ email: 42 }, 'Email is invalid'],
    [{ email: 'jane' }, 'Email is invalid'],
    [{ email: 'jane@example' }, 'Email is invalid'],
    [{ email: 'ja ne@example.com' }, 'Email is invalid'],
    [{ email: `${'a'.repeat(243)}@example.com` }, 'Email is too long'],
  ])('answers %j with %s', (body, message) => {
    expect(checkBody(signInCodeBody, { purpose: 'sign-in', ...body })).toEqual({
      ok: false,
      fields: { email: message },
    });
  });

  it('accepts an address of exactly 254 characters', () => {
    expect(
      checkBody(signInCodeBody, {
        purpose: 'sign-in',
        email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`,
      }).ok,
    ).toBe(true);
  });

  it('names every bad field at once', () => {
    expect(
      checkBody(signInCodeBody, { email: 'x', purpose: 'reset', displayName: 'n'.repeat(101), locale: 'fr' }),
    ).toEqual({
      ok: false,
      fields: {
        email: 'Email is invalid',
        purpose: 'Purpose is invalid',
        displayName: 'Name is too long',
        locale: 'Locale is invalid',
      },
    });
  });

  it('treats a body that is not an object as empty', () => {
    expect(checkBody(signInCodeBody, 'jane@example.com')).toMatchObject({
      ok: false,
      fields: { email: 'Email is required' },
    });
    expect(checkBody(signInCodeBody, null)).toMatchObject({ ok: false, fields: { email: 'Email is required' } });
  });
});

describe('verify body', () => {
  it('accepts six digits, ignoring spaces', () => {
    expect(checkBody(verifyBody, { code: '123 456' })).toEqual({ ok: true, data: { code: '123456' } });
  });

  it.each([
    [{}, 'Code is required'],
    [{ code: '' }, 'Code is required'],
    [{ code: '12345' }, 'Code is invalid'],
    [{ code: '1234567' }, 'Code is invalid'],
    [{ code: '12a456' }, 'Code is invalid'],
    [{ code: 123456 }, 'Code is invalid'],
  ])('answers %j with %s', (body, message) => {
    expect(checkBody(verifyBody, body)).toEqual({ ok: false, fields: { code: message } });
  });
});
