// POST /api/account/sessions/end-others → { endedCount }: "Sign out of other sessions"; this browser stays signed in.
import { NextResponse } from 'next/server';
import { sessionTokenOf } from '../../../../../server/auth/account-session';
import { handler } from '../../../../../server/handler';
import { identityClient } from '../../../../../server/clients/identity-client';

export const POST = handler(async (request) => {
  const session = sessionTokenOf(request);
  if ('response' in session) return session.response;
  const { endedCount } = await identityClient().endOtherSessions({ sessionToken: session.token });
  return NextResponse.json({ endedCount });
});
