// PATCH /api/account/profile {displayName?, locale?} → { user }: the signed-in person's own name and language.
import { messages } from '@kassa/platform/errors';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { LOCALE_COOKIE_MAX_AGE_SECONDS } from '@kassa/contracts/locales';
import { sessionTokenOf } from '../../../../server/auth/account-session';
import { checkBody } from '../../../../server/auth/auth-validation';
import { handler, readJson } from '../../../../server/handler';
import { identityClient } from '../../../../server/clients/identity-client';
import { toSessionUser } from '../../../../server/auth/session-user';

// The shape only; identity owns the rules (required, length, supported locales) and answers in the spec's words.
const profileBody = z.object({
  displayName: z.string({ error: messages.invalid('Name') }).optional(),
  locale: z.string({ error: messages.invalid('Language') }).optional(),
});

export const PATCH = handler(async (request) => {
  const session = sessionTokenOf(request);
  if ('response' in session) return session.response;
  const body = checkBody(profileBody, await readJson(request));
  if (!body.ok) return NextResponse.json({ message: messages.genericForm, fields: body.fields }, { status: 400 });

  const { user } = await identityClient().updateProfile({ sessionToken: session.token, ...body.data });
  const response = NextResponse.json({ user: toSessionUser(user) });
  // The saved language also becomes this browser's choice, as the language switch would make it.
  if (body.data.locale !== undefined && user) {
    response.cookies.set('NEXT_LOCALE', user.locale, {
      path: '/',
      sameSite: 'lax',
      maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
    });
  }
  return response;
});
