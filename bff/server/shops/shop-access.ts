// The cookie that stands for a shop's password once a guest gave it: catalog's access token for that shop, HttpOnly
// (no script reads it), one cookie per shop, with the session cookie's attributes (Secure and __Host- over https).
import { isPrefixedId } from '../site/page-validity';
import type { CookieReader, CookieSpec } from '../auth/session-cookies';

/** How long a browser keeps a shop open after the right password; a changed password ends it sooner. */
export const SHOP_ACCESS_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

// catalog's tokens are base64url HMAC-SHA256 (43 characters); anything else is not worth sending along.
const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

export function shopAccessCookieName(shopId: string, secure: boolean): string {
  return `${secure ? '__Host-' : ''}kassa_shop_${shopId}`;
}

export function shopAccessCookie(shopId: string, token: string, secure: boolean): CookieSpec {
  return {
    name: shopAccessCookieName(shopId, secure),
    value: token,
    options: { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge: SHOP_ACCESS_MAX_AGE_SECONDS },
  };
}

/** The access token the browser holds for this shop, under either name; '' when none (or a malformed one). */
export function readShopAccessToken(cookies: CookieReader, shopId: string): string {
  if (!isPrefixedId('shp', shopId)) return '';
  for (const secure of [true, false]) {
    const value = cookies.get(shopAccessCookieName(shopId, secure))?.value ?? '';
    if (ACCESS_TOKEN_PATTERN.test(value)) return value;
  }
  return '';
}

/** Whether a request for /s/{shopId} carries an access cookie of that shop (the proxy's Cache-Control decision). */
export function hasShopAccessCookie(cookies: CookieReader, shopId: string): boolean {
  return (
    cookies.get(shopAccessCookieName(shopId, true)) !== undefined ||
    cookies.get(shopAccessCookieName(shopId, false)) !== undefined
  );
}

/**
 * Cache-Control of the public shop page /s/{shopId} (path without locale prefix), or undefined for other paths.
 * Without the shop's access cookie every guest gets the same answer (the list, the 'opens at' page, the password
 * form or the 404), which shared caches may keep for a second; with it the answer is that guest's own.
 */
export function publicShopCacheControl(path: string, cookies: CookieReader): string | undefined {
  const match = /^\/s\/([^/]+)$/.exec(path);
  if (!match) return undefined;
  return hasShopAccessCookie(cookies, decodeURIComponent(match[1]!))
    ? 'private, no-store'
    : 'public, max-age=0, s-maxage=1';
}
