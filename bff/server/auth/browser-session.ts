import type { NextRequest, NextResponse } from 'next/server';
import { setCookie } from '../handler';
import { identityClient } from '../clients/identity-client';
import { logger } from '../logger';
import {
  clearedSessionCookie,
  findSessionCookie,
  isWellFormedSessionToken,
  sessionCookie,
  sessionCookieName,
} from './session-cookies';

/**
 * Gives the browser a freshly opened session, whichever way it signed in (e-mailed code, social sign-in).
 * A new session replaces any earlier one in this browser; the earlier one is revoked, not just forgotten.
 */
export async function setNewSessionCookie(
  request: NextRequest,
  response: NextResponse,
  session: { sessionToken: string; expiresAt?: Date },
  secure: boolean,
): Promise<NextResponse> {
  const previous = findSessionCookie(request.cookies);
  if (previous && isWellFormedSessionToken(previous.value)) {
    await identityClient()
      .endSession({ sessionToken: previous.value })
      .catch((error: unknown) => logger.warn({ err: error }, 'could not end the previous session'));
  }
  if (previous && previous.name !== sessionCookieName(secure)) setCookie(response, clearedSessionCookie(previous.name));
  return setCookie(response, sessionCookie(session.sessionToken, session.expiresAt, secure));
}
