import { builtInRedirectRules, parseRedirectRules, readRedirectRules } from '../../server/site/redirect-rules';
import { decideRoute } from '../../server/site/route-guard';

describe('redirect rules from configuration', () => {
  it('are the built-in ones without KASSA_REDIRECT_RULES', () => {
    expect(readRedirectRules({})).toEqual(builtInRedirectRules);
    expect(readRedirectRules({ KASSA_REDIRECT_RULES: ' ' })).toEqual(builtInRedirectRules);
  });

  it('adds configured rules, which win over a built-in rule for the same source', () => {
    const rules = readRedirectRules({
      KASSA_REDIRECT_RULES: JSON.stringify([
        { source: '/help', destination: 'https://support.kassa.example/', permanent: true },
        { source: '/login', destination: '/sign-up' },
      ]),
    });
    expect(rules).toEqual([
      { source: '/help', destination: 'https://support.kassa.example/', permanent: true },
      { source: '/login', destination: '/sign-up', permanent: false },
    ]);
  });

  it.each([
    ['not json', /JSON/],
    [JSON.stringify({ source: '/a', destination: '/b' }), /invalid/],
    [JSON.stringify([{ source: 'a', destination: '/b' }]), /0\.source/],
    [JSON.stringify([{ source: '/a', destination: '//evil.example' }]), /0\.destination/],
    [JSON.stringify([{ source: '/a', destination: 'javascript:alert(1)' }]), /0\.destination/],
  ])('refuses %s', (json, error) => {
    expect(() => parseRedirectRules(json)).toThrow(error);
  });

  it('sends an external destination as an absolute URL (a full page load) and keeps the locale for internal ones', () => {
    const redirectRules = readRedirectRules({
      KASSA_REDIRECT_RULES: JSON.stringify([{ source: '/help', destination: 'http://127.0.0.1:9/inbox' }]),
    });
    const rules = { locales: ['en', 'nl'], defaultLocale: 'en', pageRules: [], redirectRules };
    expect(decideRoute({ pathname: '/nl/help', search: '?x=1', hasSessionCookie: false }, rules)).toEqual({
      action: 'redirect',
      location: 'http://127.0.0.1:9/inbox',
      status: 307,
      external: true,
    });
    expect(decideRoute({ pathname: '/nl/login', search: '', hasSessionCookie: false }, rules)).toMatchObject({
      location: '/nl/sign-in',
      external: false,
    });
  });
});
