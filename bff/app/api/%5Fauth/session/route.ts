// GET /api/_auth/session → { user } or null; DELETE /api/_auth/session → ends the session.
import { NextResponse } from 'next/server';
import { errorToHttp } from '../../../../server/clients/grpc-errors';
import { handler, setCookie } from '../../../../server/handler';
import { identityClient } from '../../../../server/clients/identity-client';
import { logger } from '../../../../server/logger';
import {
  SESSION_COOKIE_NAMES,
  clearedSessionCookie,
  findSessionCookie,
  isWellFormedSessionToken,
} from '../../../../server/auth/session-cookies';
import { findSessionUser } from '../../../../server/auth/session-user';

export const GET = handler(async (request) => {
  const cookie = findSessionCookie(request.cookies);
  if (!cookie) {
    // A session cookie whose value cannot even be decoded is dropped as well.
    const undecodable = SESSION_COOKIE_NAMES.find((name) => (request.headers.get('cookie') ?? '').includes(`${name}=`));
    return undecodable
      ? setCookie(NextResponse.json(null), clearedSessionCookie(undecodable))
      : NextResponse.json(null);
  }
  const user = await findSessionUser(cookie.value);
  // A malformed, unknown, revoked or expired token is of no more use: drop it.
  if (!user) return setCookie(NextResponse.json(null), clearedSessionCookie(cookie.name));
  return NextResponse.json({ user });
});

export const DELETE = handler(async (request) => {
  const cookie = findSessionCookie(request.cookies);
  if (cookie && isWellFormedSessionToken(cookie.value)) {
    try {
      await identityClient().endSession({ sessionToken: cookie.value });
    } catch (error) {
      // Forget the cookie anyway (a shared computer must not stay signed in), then report the failure.
      const mapped = errorToHttp(error);
      logger.error({ err: error, status: mapped.status }, 'could not end the session');
      const failed = NextResponse.json(mapped.body, { status: mapped.status, headers: mapped.headers });
      return setCookie(failed, clearedSessionCookie(cookie.name));
    }
  }
  const response = NextResponse.json({ ok: true });
  return cookie ? setCookie(response, clearedSessionCookie(cookie.name)) : response;
});
