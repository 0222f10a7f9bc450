// The BFF's part of social sign-in (spec §7): the state cookie that binds a started sign-in to this browser, and the
// small page the popup ends on, which signals the opener through localStorage and closes itself.
import { type Locale, localeOrDefault } from '@kassa/contracts/locales';
import { randomBytes } from 'node:crypto';
import { AUTH_POPUP_MARKER_KEY, AUTH_SIGNAL_KEY } from '../../lib/auth-signal';
import type { CookieSpec } from './session-cookies';
import { escapeHtml } from '../html';

export const SOCIAL_STATE_COOKIE = 'kassa_social_state';
/** Only the social sign-in endpoints ever receive it. */
export const SOCIAL_STATE_COOKIE_PATH = '/api/_auth/social';
/** As long as identity keeps the login state. */
export const SOCIAL_STATE_MAX_AGE_SECONDS = 600;
export const SOCIAL_CALLBACK_PATH = '/api/_auth/social/callback';

const PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;
const STATE_ID = /^ols_[0-9a-z]{26}$/;

export function isWellFormedProviderId(value: string): boolean {
  return PROVIDER_ID.test(value);
}

export function isWellFormedStateId(value: string): boolean {
  return STATE_ID.test(value);
}

export const toSocialLocale = localeOrDefault;

/** The cookie holds the state id and the locale the popup's last page is shown in. */
export function socialStateCookie(stateId: string, locale: Locale, secure: boolean): CookieSpec {
  return {
    name: SOCIAL_STATE_COOKIE,
    value: `${stateId}.${locale}`,
    options: {
      httpOnly: true,
      secure,
      sameSite: 'lax',
      path: SOCIAL_STATE_COOKIE_PATH,
      maxAge: SOCIAL_STATE_MAX_AGE_SECONDS,
    },
  };
}

export function clearedSocialStateCookie(secure: boolean): CookieSpec {
  return {
    name: SOCIAL_STATE_COOKIE,
    value: '',
    options: { httpOnly: true, secure, sameSite: 'lax', path: SOCIAL_STATE_COOKIE_PATH, maxAge: 0 },
  };
}

export function readSocialStateCookie(value: string | undefined): { stateId: string; locale: Locale } | null {
  const [stateId = '', locale = ''] = (value ?? '').split('.');
  return isWellFormedStateId(stateId) ? { stateId, locale: toSocialLocale(locale) } : null;
}

export interface CallbackPage {
  locale: Locale;
  title: string;
  message: string;
  /** Signed in: write the signal and close. Failed: show the message with a way back. */
  outcome: 'signed-in' | 'failed';
  /** Where the window goes when it cannot close (it was not opened as a popup). */
  fallbackHref: string;
  fallbackLabel: string;
}

/**
 * The popup's last page, with no framework and no outside resources. A nonce'd inline script writes the signal
 * (the opener listens for the storage event) and closes the window; a window that cannot be closed by script
 * (the popup was blocked, so the sign-in ran in the main window) goes on to the fallback page.
 */
export function renderCallbackPage(page: CallbackPage): { html: string; contentSecurityPolicy: string } {
  const nonce = randomBytes(16).toString('base64');
  const script =
    page.outcome === 'signed-in'
      ? `try{localStorage.setItem(${JSON.stringify(AUTH_SIGNAL_KEY)},String(Date.now()));localStorage.removeItem(${JSON.stringify(AUTH_POPUP_MARKER_KEY)});}catch(e){}` +
        `window.close();setTimeout(function(){location.replace(${JSON.stringify(page.fallbackHref)});},500);`
      : '';
  const html = [
    '<!doctype html>',
    `<html lang="${page.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="robots" content="noindex"><title>${escapeHtml(page.title)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>',
    `</head><body><p data-testid="social-callback-message" role="${page.outcome === 'failed' ? 'alert' : 'status'}">${escapeHtml(page.message)}</p>`,
    `<p><a href="${escapeHtml(page.fallbackHref)}">${escapeHtml(page.fallbackLabel)}</a></p>`,
    script ? `<script nonce="${nonce}">${script}</script>` : '',
    '</body></html>',
  ].join('');
  const contentSecurityPolicy = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  return { html, contentSecurityPolicy };
}
