import { checkBody, contactBody, waitlistBody } from '../../server/site/public-forms-validation';

describe('waitlist body', () => {
  it('accepts an address, trimmed, with its locale', () => {
    expect(checkBody(waitlistBody, { email: ' sam@example.org ', locale: 'nl' })).toEqual({
      ok: true,
      data: { email: 'sam@example.org', locale: 'nl' },
    });
  });

  it('defaults the locale to en', () => {
    expect(checkBody(waitlistBody, { email: 'sam@example.org' })).toEqual({
      ok: true,
      data: { email: 'sam@example.org', locale: 'en' },
    });
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: '  ' }, 'Email is required'],
    [{ email: null }, 'Email is required'],
    [{ email: 42 }, 'Email is invalid'],
    [{ email: 'sam' }, 'Email is invalid'],
    [{ email: 'sam@example' }, 'Email is invalid'],
    [{ email: `${'a'.repeat(243)}@example.com` }, 'Email is too long'],
  ])('answers %j with "%s"', (body, message) => {
    expect(checkBody(waitlistBody, body)).toEqual({ ok: false, fields: { email: message } });
  });

  it('refuses an unknown locale', () => {
    expect(checkBody(waitlistBody, { email: 'sam@example.org', locale: 'fr' })).toEqual({
      ok: false,
      fields: { locale: 'Locale is invalid' },
    });
  });

  it('treats a body that is not an object as empty', () => {
    expect(checkBody(waitlistBody, 'sam@example.org')).toEqual({ ok: false, fields: { email: 'Email is required' } });
  });
});

describe('contact body', () => {
  const valid = { name: ' Sam ', email: 'sam@example.org', message: ' Hello \n there ', locale: 'en' };

  it('accepts a message and trims every field', () => {
    expect(checkBody(contactBody, valid)).toEqual({
      ok: true,
      data: { name: 'Sam', email: 'sam@example.org', message: 'Hello \n there', locale: 'en' },
    });
  });

  it.each([[undefined], [null], ['   ']])('lets the name be left out (%j)', (name) => {
    expect(checkBody(contactBody, { ...valid, name })).toMatchObject({ ok: true, data: { name: '' } });
  });

  it('accepts the longest name and message', () => {
    expect(checkBody(contactBody, { ...valid, name: 'n'.repeat(100), message: 'm'.repeat(5000) }).ok).toBe(true);
  });

  it.each([
    [{ message: undefined }, 'message', 'Message is required'],
    [{ message: '' }, 'message', 'Message is required'],
    [{ message: '  \n ' }, 'message', 'Message is required'],
    [{ message: 'm'.repeat(5001) }, 'message', 'Message is too long'],
    [{ message: ['hi'] }, 'message', 'Message is invalid'],
    [{ name: 'n'.repeat(101) }, 'name', 'Name is too long'],
    [{ name: 7 }, 'name', 'Name is invalid'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'sam@@example.org' }, 'email', 'Email is invalid'],
  ])('answers %j on %s with "%s"', (change, field, message) => {
    expect(checkBody(contactBody, { ...valid, ...change })).toEqual({ ok: false, fields: { [field]: message } });
  });

  it('names every bad field at once', () => {
    expect(checkBody(contactBody, { name: 'n'.repeat(101), email: 'x', message: '', locale: 'de' })).toEqual({
      ok: false,
      fields: {
        name: 'Name is too long',
        email: 'Email is invalid',
        message: 'Message is required',
        locale: 'Locale is invalid',
      },
    });
  });
});
