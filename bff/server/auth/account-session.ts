// The account endpoints act on the caller's own data: each needs the session cookie, and answers 401 without one.
import type { AccountSession } from '@kassa/web/lib/account-session';
import type { SessionSummary } from '@kassa/proto/identity/v1/identity';
import { NextResponse, type NextRequest } from 'next/server';
import { findSessionCookie, isWellFormedSessionToken } from './session-cookies';

export const NOT_SIGNED_IN = 'You are not signed in.';

/** The session token, or the 401 answer to send instead (identity is not asked about a missing or malformed cookie). */
export function sessionTokenOf(request: NextRequest): { token: string } | { response: NextResponse } {
  const cookie = findSessionCookie(request.cookies);
  if (!cookie || !isWellFormedSessionToken(cookie.value)) {
    return { response: NextResponse.json({ message: NOT_SIGNED_IN }, { status: 401 }) };
  }
  return { token: cookie.value };
}

export function toAccountSession(session: SessionSummary): AccountSession {
  return {
    id: session.id,
    createdAt: (session.createdAt ?? new Date(0)).toISOString(),
    lastSeenAt: (session.lastSeenAt ?? new Date(0)).toISOString(),
    clientIp: session.clientIp,
    userAgent: session.userAgent,
    current: session.current,
  };
}
