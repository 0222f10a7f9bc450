// GET /api/account/sessions → { sessions }: the signed-in person's active sessions, the current one marked.
import { NextResponse } from 'next/server';
import { sessionTokenOf, toAccountSession } from '../../../../server/auth/account-session';
import { handler } from '../../../../server/handler';
import { identityClient } from '../../../../server/clients/identity-client';

export const GET = handler(async (request) => {
  const session = sessionTokenOf(request);
  if ('response' in session) return session.response;
  const { sessions } = await identityClient().listSessions({ sessionToken: session.token });
  return NextResponse.json({ sessions: sessions.map(toAccountSession) });
});
