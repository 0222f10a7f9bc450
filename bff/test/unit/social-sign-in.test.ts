import { popupFeatures } from '../../components/social-sign-in';
import { AUTH_POPUP_MARKER_KEY, AUTH_SIGNAL_KEY } from '../../lib/auth-signal';
import {
  SOCIAL_STATE_COOKIE,
  clearedSocialStateCookie,
  readSocialStateCookie,
  renderCallbackPage,
  socialStateCookie,
} from '../../server/auth/social-sign-in';
import { grpcFailureOf, socialFailurePage, socialSignedInPage } from '../../server/auth/social-sign-in-pages';

const STATE = 'ols_01jd0000000000000000000000';

describe('the social sign-in state cookie', () => {
  it('is HttpOnly, Lax, scoped to the social endpoints and lives 10 minutes', () => {
    expect(socialStateCookie(STATE, 'nl', true)).toEqual({
      name: SOCIAL_STATE_COOKIE,
      value: `${STATE}.nl`,
      options: { httpOnly: true, secure: true, sameSite: 'lax', path: '/api/_auth/social', maxAge: 600 },
    });
    expect(clearedSocialStateCookie(false).options).toMatchObject({
      maxAge: 0,
      path: '/api/_auth/social',
      secure: false,
    });
  });

  it('reads back the state id and locale, and nothing from a forged or broken value', () => {
    expect(readSocialStateCookie(`${STATE}.nl`)).toEqual({ stateId: STATE, locale: 'nl' });
    expect(readSocialStateCookie(`${STATE}.xx`)).toEqual({ stateId: STATE, locale: 'en' });
    for (const value of [undefined, '', 'ols_short.en', `sic_${STATE.slice(4)}.en`, `${STATE}x.en`])
      expect(readSocialStateCookie(value)).toBeNull();
  });
});

describe('the popup’s last page', () => {
  const base = {
    locale: 'en' as const,
    title: 'Sign in',
    fallbackHref: '/account',
    fallbackLabel: 'Go to your account',
  };

  it('after signing in writes the storage signal, drops the marker and closes, under a nonce-only script policy', () => {
    const { html, contentSecurityPolicy } = renderCallbackPage({
      ...base,
      message: 'You are signed in.',
      outcome: 'signed-in',
    });
    const nonce = /script-src 'nonce-([^']+)'/.exec(contentSecurityPolicy)?.[1];
    expect(nonce).toBeTruthy();
    expect(contentSecurityPolicy).toContain("default-src 'none'");
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain(`localStorage.setItem("${AUTH_SIGNAL_KEY}",String(Date.now()))`);
    expect(html).toContain(`localStorage.removeItem("${AUTH_POPUP_MARKER_KEY}")`);
    expect(html).toContain('window.close()');
    expect(html).toContain('location.replace("/account")');
  });

  it('after a failure shows the message, escaped, with a way back and no script', () => {
    const { html } = renderCallbackPage({
      ...base,
      locale: 'nl',
      message: 'Mislukt <b>"x"</b>',
      outcome: 'failed',
      fallbackHref: '/nl/sign-in',
    });
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('Mislukt &#60;b&#62;&#34;x&#34;&#60;/b&#62;');
    expect(html).toContain('href="/nl/sign-in"');
    expect(html).not.toContain('<script');
  });
});

describe('the popup window', () => {
  it('is 960×600, centred on the opener', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1360, outerHeight: 900 })).toBe(
      'popup=yes,width=960,height=600,left=300,top=200',
    );
  });

  it('stays on screen when the opener is smaller than the popup', () => {
    expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 400, outerHeight: 300 })).toBe(
      'popup=yes,width=960,height=600,left=0,top=0',
    );
  });
});

describe('the popup’s pages as route answers', () => {
  it('renders a failure in the cookie’s locale, drops the state cookie and never caches', async () => {
    const response = socialFailurePage('nl', 'emailUnverified', 401, false);
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('set-cookie')).toMatch(/^kassa_social_state=; Path=\/api\/_auth\/social; .*Max-Age=0/);
    const html = await response.text();
    expect(html).toContain('Je e-mailadres is bij deze provider niet geverifieerd.');
    expect(html).toContain('href="/nl/sign-in"');
  });

  it('renders the signed-in page with the way on to the account', async () => {
    const html = await socialSignedInPage('en').text();
    expect(html).toContain('You are signed in. This window closes by itself.');
    expect(html).toContain('location.replace("/account")');
  });

  it('reads a gRPC failure by its shape, whatever class it has', () => {
    expect(grpcFailureOf(Object.assign(new Error('x'), { code: 16, details: 'Email is not verified' }))).toEqual({
      code: 16,
      details: 'Email is not verified',
    });
    expect(grpcFailureOf(new Error('plain'))).toBeNull();
    expect(grpcFailureOf('text')).toBeNull();
  });
});
