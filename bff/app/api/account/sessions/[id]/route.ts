// DELETE /api/account/sessions/{sessionId} → { ok: true }: signs out one of the caller's own sessions.
// Another person's session id answers 404 like an unknown one (identity checks ownership).
import { NextResponse } from 'next/server';
import { sessionTokenOf } from '../../../../../server/auth/account-session';
import { handler } from '../../../../../server/handler';
import { identityClient } from '../../../../../server/clients/identity-client';

export const DELETE = handler(async (request) => {
  const session = sessionTokenOf(request);
  if ('response' in session) return session.response;
  // The handler wrapper passes no route params; the id is the last path segment.
  const sessionId = decodeURIComponent(request.nextUrl.pathname.split('/').pop() ?? '');
  await identityClient().endSessionById({ sessionToken: session.token, sessionId });
  return NextResponse.json({ ok: true });
});
