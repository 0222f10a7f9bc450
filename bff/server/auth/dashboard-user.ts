// The signed-in user of a dashboard page, or a redirect to /sign-in that comes back here afterwards; and the way past
// the sign-in forms for a visitor who is signed in already.
import type { SessionUser } from '@kassa/web/lib/api-result';
import { cookies, headers } from 'next/headers';
import { redirect as redirectToPath } from 'next/navigation';
import { cache } from 'react';
import { getPathname, redirect } from '../../i18n/navigation';
import { safeNextPath } from '../../lib/safe-next-path';
import { REQUEST_PATH_HEADER } from './identity-headers';
import { findSessionCookie } from './session-cookies';
import { findSessionUser } from './session-user';

// The layout and the page of one request both ask; identity is asked once.
const sessionUserOf = cache(findSessionUser);

/**
 * The proxy already sends visitors without a session cookie away from /o/…; this also catches a cookie whose
 * session has ended, and guards the shop dashboard (/s/{shopId}/…), which the proxy's sign-in rule does not cover.
 */
export async function requireSignedInUser(locale: string): Promise<SessionUser> {
  const cookie = findSessionCookie(await cookies());
  const user = cookie ? await sessionUserOf(cookie.value) : null;
  if (user) return user;
  const here =
    safeNextPath((await headers()).get(REQUEST_PATH_HEADER) ?? undefined) ?? getPathname({ href: '/account', locale });
  return redirect({ href: { pathname: '/sign-in', query: { next: here } }, locale });
}

/**
 * /sign-in and /sign-up for a visitor who is signed in already: on to where they were going (`next`, a path on this
 * site), else the dashboard. Anyone else stays on the form.
 */
export async function passSignedInVisitor(locale: string, next: string | undefined): Promise<void> {
  const cookie = findSessionCookie(await cookies());
  if (!cookie || !(await sessionUserOf(cookie.value))) return;
  const destination = safeNextPath(next);
  if (destination) redirectToPath(destination);
  redirect({ href: '/o', locale });
}
