import { messages } from '@kassa/platform/errors';
import { analyticsConfig } from '@kassa/web/lib/analytics-config';
import { textDirection } from '@kassa/web/lib/text-direction';
import createIntlMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { routing } from './i18n/routing';
import { REQUEST_PATH_HEADER, withoutIdentityHeaders } from './server/auth/identity-headers';
import { pageRules } from './server/site/page-validity';
import { readRedirectRules } from './server/site/redirect-rules';
import { decideRoute, splitLocale } from './server/site/route-guard';
import { REQUEST_SEARCH_HEADER } from './server/site/site-headers';
import { findSessionCookie } from './server/auth/session-cookies';
import {
  LAST_ORGANISATION_COOKIE,
  LAST_ORGANISATION_MAX_AGE_SECONDS,
  organisationIdOfPath,
} from './server/organisations/last-organisation';
import { escapeHtml } from './server/html';
import { publicShopCacheControl } from './server/shops/shop-access';
import { readBffConfig } from './server/bff-config';
import { TOO_MANY_REQUESTS_MESSAGE } from './server/clients/grpc-errors';
import { hitGuestRead, isGuestCapabilityPage } from './server/orders/guest-access';
import { newNonce, pagePolicy } from './server/site/content-security-policy';
import { staticPagePolicies } from './server/site/static-page-policies';
import { isScannerDocument } from './server/site/security-headers';
import { isSecureRequest } from './server/request-context';

const intlMiddleware = createIntlMiddleware(routing);
// Read once when the server starts: a malformed KASSA_REDIRECT_RULES fails the first request loudly.
const redirectRules = readRedirectRules();
// With analytics on, next.config.ts rewrites this path to the PostHog host; the locale routing must not touch it.
const analytics = analyticsConfig({
  NEXT_PUBLIC_POSTHOG_KEY: process.env.NEXT_PUBLIC_POSTHOG_KEY,
  NEXT_PUBLIC_POSTHOG_INGEST_PATH: process.env.NEXT_PUBLIC_POSTHOG_INGEST_PATH,
});
const ingestPath = analytics.enabled ? analytics.options.api_host : undefined;

/** The answer for a route that fails validation (spec: 404 'Page Not Found: {path}'); plain, since no page is rendered for it. */
function invalidPage(pathname: string): NextResponse {
  const message = `Page Not Found: ${pathname}`;
  const { locale } = splitLocale(pathname, routing);
  const html = `<!doctype html><html lang="${locale}" dir="${textDirection(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(message)}</title></head><body><p>${escapeHtml(message)}</p><p><a href="/">Kassa</a></p></body></html>`;
  return new NextResponse(html, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

function percentDecodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** Past the per-address limit on guest pages: a plain 429 with the seconds to wait, like the API's. */
function tooManyGuestReads(pathname: string, retryAfterSeconds: number): NextResponse {
  const { locale } = splitLocale(pathname, routing);
  const html = `<!doctype html><html lang="${locale}" dir="${textDirection(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(TOO_MANY_REQUESTS_MESSAGE)}</title></head><body><p>${escapeHtml(TOO_MANY_REQUESTS_MESSAGE)}</p></body></html>`;
  return new NextResponse(html, {
    status: 429,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'Retry-After': String(retryAfterSeconds),
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * The policy of the document this request gets: `rendered` for a page rendered now (with the nonce); `forAnswer`
 * picks, once the locale routing has said which page answers, the prerendered page's own hashes instead.
 */
function documentPolicy(
  request: NextRequest,
  nonce: string,
): { rendered: string; forAnswer(response: NextResponse): string } {
  const { path } = splitLocale(request.nextUrl.pathname, routing);
  const development = process.env.NODE_ENV === 'development';
  // next dev renders every page on request (with the nonce), whatever an earlier build left in .next.
  const { pages, shared: sharedScripts } = development
    ? { pages: new Map<string, readonly string[]>(), shared: [] }
    : staticPagePolicies();
  const context = { scanner: isScannerDocument(path), development, https: isSecureRequest(request, readBffConfig()) };
  const rendered = pagePolicy({ ...context, nonce, scriptHashes: sharedScripts });
  return {
    rendered,
    forAnswer(response) {
      const rewrite = response.headers.get('x-middleware-rewrite');
      const answeringPath = rewrite ? new URL(rewrite).pathname : request.nextUrl.pathname;
      const prerendered = pages.get(answeringPath);
      return prerendered ? pagePolicy({ ...context, scriptHashes: [...prerendered, ...sharedScripts] }) : rendered;
    },
  };
}

/** "Dashboard" opens the organisation used last: remember the one in the path (its membership is checked on use). */
function rememberOrganisation(request: NextRequest, response: NextResponse): void {
  const { path } = splitLocale(request.nextUrl.pathname, routing);
  const orgId = organisationIdOfPath(path);
  if (!orgId || request.cookies.get(LAST_ORGANISATION_COOKIE)?.value === orgId) return;
  response.cookies.set(LAST_ORGANISATION_COOKIE, orgId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.nextUrl.protocol === 'https:',
    maxAge: LAST_ORGANISATION_MAX_AGE_SECONDS,
  });
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const headers = withoutIdentityHeaders(request.headers);
  const { pathname, search } = request.nextUrl;

  // Route handlers check their own CSRF and session; here they only lose any forged identity headers.
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    // A path that does not percent-decode (%zz, %ff, a lone %) names nothing; Next would fail decoding its parameters
    // and answer 500. Every route parameter is an id or a token: the spec's answer for a malformed one.
    if (!percentDecodes(pathname))
      return NextResponse.json(
        { message: messages.idInvalid },
        { status: 400, headers: { 'Cache-Control': 'no-store' } },
      );
    return NextResponse.next({ request: { headers } });
  }
  if (ingestPath && (pathname === ingestPath || pathname.startsWith(`${ingestPath}/`))) {
    // The rewrite to PostHog forwards the request's headers: the visitor's cookies (their session) stay here, and so
    // does the Referer, which a page-leave beacon fills with the page's whole address (a guest's ?key= included).
    headers.delete('cookie');
    headers.delete('authorization');
    headers.delete('referer');
    return NextResponse.next({ request: { headers } });
  }

  const decision = decideRoute(
    { pathname, search, hasSessionCookie: findSessionCookie(request.cookies) !== undefined },
    { locales: routing.locales, defaultLocale: routing.defaultLocale, pageRules, redirectRules },
  );
  if (decision.action === 'not-found') return invalidPage(pathname);
  // An external target is an absolute URL: the browser (and Next's client router) leave the app with a full page load.
  if (decision.action === 'redirect')
    return NextResponse.redirect(new URL(decision.location, request.url), decision.status);
  // Order, ticket and demo payment pages count against the same per-address limit as their API.
  if (isGuestCapabilityPage(splitLocale(pathname, routing).path)) {
    const verdict = await hitGuestRead(request, readBffConfig());
    if (!verdict.allowed) return tooManyGuestReads(pathname, verdict.retryAfterSeconds);
  }

  headers.set(REQUEST_PATH_HEADER, pathname);
  // For the canonical link and the fallback page title, which the layout builds from the URL the visitor asked for.
  headers.set(REQUEST_SEARCH_HEADER, search);
  // Next finds the nonce in the request's policy and puts it on every script of a page it renders now.
  const policy = documentPolicy(request, newNonce());
  headers.set('content-security-policy', policy.rendered);
  const response = intlMiddleware(new NextRequest(request.url, { headers }));
  response.headers.set('Content-Security-Policy', policy.forAnswer(response));
  rememberOrganisation(request, response);
  // Next answers every dynamic page with no-store unless a Cache-Control is already set: the shop page may be shared.
  const shopCacheControl = publicShopCacheControl(splitLocale(pathname, routing).path, request.cookies);
  if (shopCacheControl) response.headers.set('Cache-Control', shopCacheControl);
  return response;
}

export const config = {
  // Everything except Next's own assets and files with an extension (favicon.ico, robots.txt, …); every API route,
  // a dot in its path or not (…/attendees.csv, an id with a dot in it), so that the checks above see each one.
  matcher: ['/((?!_next/|_vercel/|.*\\..*).*)', '/api/:path*'],
};
