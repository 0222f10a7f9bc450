import type { Locale } from '@kassa/contracts/locales';
import { messages } from '@kassa/web/messages';
import { createTranslator } from 'next-intl';
import { NextResponse } from 'next/server';
import { routing } from '../../i18n/routing';
import { setCookie } from '../handler';
import { localizePath } from '../site/route-guard';
import { clearedSocialStateCookie, renderCallbackPage } from './social-sign-in';

export type SocialFailure = 'failed' | 'cancelled' | 'expired' | 'emailUnverified' | 'unavailable';

function translator(locale: Locale) {
  return createTranslator({ locale, messages: messages[locale], namespace: 'Social' });
}

function htmlResponse(body: { html: string; contentSecurityPolicy: string }, status: number): NextResponse {
  return new NextResponse(body.html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': body.contentSecurityPolicy,
      'referrer-policy': 'no-referrer',
    },
  });
}

/** The popup's page after a failed step: a short localized message and a way back; the state cookie is dropped. */
export function socialFailurePage(
  locale: Locale,
  failure: SocialFailure,
  status: number,
  secure: boolean,
): NextResponse {
  const t = translator(locale);
  const page = renderCallbackPage({
    locale,
    title: t('callbackTitle'),
    message: t(failure),
    outcome: 'failed',
    fallbackHref: localizePath('/sign-in', locale, routing),
    fallbackLabel: t('backToSignIn'),
  });
  return setCookie(htmlResponse(page, status), clearedSocialStateCookie(secure));
}

/** The popup's page after signing in: it signals the opener and closes. */
export function socialSignedInPage(locale: Locale): NextResponse {
  const t = translator(locale);
  const page = renderCallbackPage({
    locale,
    title: t('callbackTitle'),
    message: t('signedIn'),
    outcome: 'signed-in',
    fallbackHref: localizePath('/account', locale, routing),
    fallbackLabel: t('toAccount'),
  });
  return htmlResponse(page, 200);
}

/**
 * The status and details of a failed gRPC call. Checked by shape, not instanceof: Next may bundle the platform's
 * client into more than one chunk, and then the error's class is not the one this module sees.
 */
export function grpcFailureOf(error: unknown): { code: number; details: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, details } = error as { code?: unknown; details?: unknown };
  return typeof code === 'number' && typeof details === 'string' ? { code, details } : null;
}
