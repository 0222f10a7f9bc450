import { withoutIdentityHeaders } from '../../server/auth/identity-headers';
import { isPrefixedId, isValidPage } from '../../server/site/page-validity';
import { decideRoute, localizePath, needsSignIn, splitLocale, type GuardRules } from '../../server/site/route-guard';

const settings = { locales: ['en', 'nl'], defaultLocale: 'en' };
const rules: GuardRules = { ...settings, pageRules: [], redirectRules: [] };
const visit = (pathname: string, hasSessionCookie = false, search = '') => ({ pathname, search, hasSessionCookie });

describe('decideRoute', () => {
  it.each(['/account', '/account/settings', '/o/org_1', '/o/org_1/events', '/edit/evt_1'])(
    'sends %s without a session to /sign-in with next',
    (pathname) => {
      expect(decideRoute(visit(pathname), rules)).toEqual({
        action: 'redirect',
        location: `/sign-in?next=${encodeURIComponent(pathname)}`,
        status: 307,
        external: false,
      });
    },
  );

  it('keeps the locale and the query string', () => {
    expect(decideRoute(visit('/nl/account', false, '?tab=1'), rules)).toMatchObject({
      action: 'redirect',
      location: `/nl/sign-in?next=${encodeURIComponent('/nl/account?tab=1')}`,
    });
  });

  it('lets a visitor with a session cookie through', () => {
    expect(decideRoute(visit('/account', true), rules)).toEqual({ action: 'continue' });
    expect(decideRoute(visit('/nl/o/org_1', true), rules)).toEqual({ action: 'continue' });
  });

  it.each(['/', '/nl', '/sign-in', '/nl/sign-up', '/accounts', '/o', '/edit', '/shop/o/x', '/nope'])(
    'leaves public %s alone',
    (pathname) => {
      expect(decideRoute(visit(pathname), rules)).toEqual({ action: 'continue' });
    },
  );

  it('checks page validity before the session', () => {
    const withIds: GuardRules = { ...rules, pageRules: [{ template: '/o/:orgId', ids: { orgId: 'org' } }] };
    expect(decideRoute(visit('/o/not-an-id/events'), withIds)).toEqual({ action: 'not-found' });
    expect(decideRoute(visit('/nl/o/not-an-id', true), withIds)).toEqual({ action: 'not-found' });
    const validId = `org_${'0'.repeat(26)}`;
    expect(decideRoute(visit(`/o/${validId}`), withIds)).toMatchObject({
      action: 'redirect',
      location: expect.stringMatching(/^\/sign-in\?next=/),
    });
  });

  it('applies redirect rules after the sign-in check, keeping the locale for internal targets', () => {
    const withRedirects: GuardRules = {
      ...rules,
      redirectRules: [
        { source: '/login', destination: '/sign-in', permanent: false },
        { source: '/docs', destination: 'https://docs.kassa.example/', permanent: true },
        { source: '/account', destination: '/elsewhere', permanent: false },
      ],
    };
    expect(decideRoute(visit('/login'), withRedirects)).toEqual({
      action: 'redirect',
      location: '/sign-in',
      status: 307,
      external: false,
    });
    expect(decideRoute(visit('/nl/login'), withRedirects)).toMatchObject({ location: '/nl/sign-in' });
    expect(decideRoute(visit('/nl/docs'), withRedirects)).toEqual({
      action: 'redirect',
      location: 'https://docs.kassa.example/',
      status: 308,
      external: true,
    });
    // The sign-in check comes first.
    expect(decideRoute(visit('/account'), withRedirects)).toMatchObject({ location: '/sign-in?next=%2Faccount' });
  });
});

describe('locale paths', () => {
  it('splits and adds the locale prefix the as-needed way', () => {
    expect(splitLocale('/nl/account', settings)).toEqual({ locale: 'nl', path: '/account' });
    expect(splitLocale('/nl', settings)).toEqual({ locale: 'nl', path: '/' });
    expect(splitLocale('/en/account', settings)).toEqual({ locale: 'en', path: '/account' });
    expect(splitLocale('/nlx/account', settings)).toEqual({ locale: 'en', path: '/nlx/account' });
    expect(localizePath('/sign-in', 'en', settings)).toBe('/sign-in');
    expect(localizePath('/sign-in', 'nl', settings)).toBe('/nl/sign-in');
    expect(localizePath('/', 'nl', settings)).toBe('/nl');
  });

  it('knows the paths that need a session', () => {
    expect(needsSignIn('/account')).toBe(true);
    expect(needsSignIn('/accountant')).toBe(false);
  });
});

describe('page validity', () => {
  const orgId = `org_01jd${'x'.repeat(22)}`;
  it('checks id prefixes and ULID shape', () => {
    expect(isPrefixedId('org', orgId)).toBe(true);
    expect(isPrefixedId('org', orgId.toUpperCase())).toBe(false);
    expect(isPrefixedId('evt', orgId)).toBe(false);
    expect(isPrefixedId('org', `${orgId}0`)).toBe(false);
  });

  it('applies a rule to the path and everything under it', () => {
    const pageRules = [{ template: '/o/:orgId/events/:eventId', ids: { orgId: 'org', eventId: 'evt' } }];
    const eventId = `evt_${'1'.repeat(26)}`;
    expect(isValidPage(`/o/${orgId}/events/${eventId}/scan`, pageRules)).toBe(true);
    expect(isValidPage(`/o/${orgId}/events/bad/scan`, pageRules)).toBe(false);
    expect(isValidPage(`/o/${orgId}/shops`, pageRules)).toBe(true);
  });
});

describe('withoutIdentityHeaders', () => {
  it('drops kassa-* and x-kassa-* headers and keeps the rest', () => {
    const cleaned = withoutIdentityHeaders(
      new Headers({ 'kassa-actor-user-id': 'usr_x', 'X-Kassa-User': 'usr_y', cookie: 'a=b', accept: 'text/html' }),
    );
    expect([...cleaned.keys()].sort()).toEqual(['accept', 'cookie']);
  });

  it('keeps the e-mail delivery webhook signature, which names no one', () => {
    const cleaned = withoutIdentityHeaders(
      new Headers({ 'Kassa-Signature': 't=1,v1=ab', 'kassa-actor-user-id': 'usr_x' }),
    );
    expect([...cleaned.entries()]).toEqual([['kassa-signature', 't=1,v1=ab']]);
  });
});
