import {
  challengeCookie,
  clearedChallengeCookie,
  clearedSessionCookie,
  findSessionCookie,
  isWellFormedSessionToken,
  sessionCookie,
} from '../../server/auth/session-cookies';

const token = 'a'.repeat(43);
const now = new Date('2026-11-22T10:00:00Z');

describe('session cookie', () => {
  it('is a plain HttpOnly cookie on http://localhost', () => {
    expect(sessionCookie(token, new Date('2026-11-22T11:00:00Z'), false, now)).toEqual({
      name: 'kassa_session',
      value: token,
      options: { httpOnly: true, secure: false, sameSite: 'lax', path: '/', maxAge: 3600 },
    });
  });

  it('is __Host- prefixed and Secure over https', () => {
    const cookie = sessionCookie(token, new Date('2026-12-22T10:00:00Z'), true, now);
    expect(cookie.name).toBe('__Host-kassa_session');
    expect(cookie.options).toEqual({
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      path: '/',
      maxAge: 30 * 24 * 3600,
    });
  });

  it('never gets a negative lifetime', () => {
    expect(sessionCookie(token, new Date('2026-11-22T09:00:00Z'), false, now).options.maxAge).toBe(0);
  });

  it('is cleared with the attributes it was set with', () => {
    expect(clearedSessionCookie('__Host-kassa_session')).toEqual({
      name: '__Host-kassa_session',
      value: '',
      options: { httpOnly: true, secure: true, sameSite: 'lax', path: '/', maxAge: 0 },
    });
    expect(clearedSessionCookie('kassa_session').options).toMatchObject({ secure: false, maxAge: 0, path: '/' });
  });

  it('is found under either name', () => {
    const jar = (values: Record<string, string>) => ({
      get: (name: string) => (name in values ? { value: values[name]! } : undefined),
    });
    expect(findSessionCookie(jar({ kassa_session: token }))).toEqual({ name: 'kassa_session', value: token });
    expect(findSessionCookie(jar({ '__Host-kassa_session': token }))).toEqual({
      name: '__Host-kassa_session',
      value: token,
    });
    expect(findSessionCookie(jar({ kassa_session: '' }))).toBeUndefined();
    expect(findSessionCookie(jar({}))).toBeUndefined();
  });

  it('recognises a well-formed token', () => {
    expect(isWellFormedSessionToken('Zm9vYmFy_-' + 'x'.repeat(33))).toBe(true);
    expect(isWellFormedSessionToken('short')).toBe(false);
    expect(isWellFormedSessionToken(`${'a'.repeat(40)};path=/`)).toBe(false);
  });
});

describe('challenge cookie', () => {
  it('lives 10 minutes and only under /api/_auth', () => {
    expect(challengeCookie('sic_01jd', false)).toEqual({
      name: 'kassa_challenge',
      value: 'sic_01jd',
      options: { httpOnly: true, secure: false, sameSite: 'lax', path: '/api/_auth', maxAge: 600 },
    });
    expect(challengeCookie('sic_01jd', true).options.secure).toBe(true);
    expect(clearedChallengeCookie(false).options).toMatchObject({ maxAge: 0, path: '/api/_auth' });
  });
});
