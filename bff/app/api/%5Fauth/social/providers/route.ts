// GET /api/_auth/social/providers → { providers: [{ id, name }] }, the social sign-in buttons to show (none when off).
import { NextResponse } from 'next/server';
import { handler } from '../../../../../server/handler';
import { socialSignInClient } from '../../../../../server/clients/social-sign-in-client';

export const GET = handler(async () => {
  const { providers } = await socialSignInClient().listProviders({});
  return NextResponse.json({ providers: providers.map(({ id, name }) => ({ id, name })) });
});
