// POST /api/_auth/sign-in-code {email, purpose, displayName?, locale} → e-mails a one-time code.
// (The folder is %5Fauth because Next treats folders starting with "_" as private.)
import { messages } from '@kassa/platform/errors';
import { SignInPurpose } from '@kassa/proto/identity/v1/identity';
import { NextResponse } from 'next/server';
import { checkBody, signInCodeBody } from '../../../../server/auth/auth-validation';
import { handler, readJson, setCookie } from '../../../../server/handler';
import { identityClient } from '../../../../server/clients/identity-client';
import { clientIp, isSecureRequest } from '../../../../server/request-context';
import { challengeCookie } from '../../../../server/auth/session-cookies';

export const POST = handler(async (request, { config }) => {
  const body = checkBody(signInCodeBody, await readJson(request));
  if (!body.ok) return NextResponse.json({ message: messages.genericForm, fields: body.fields }, { status: 400 });
  const { email, purpose, displayName, locale } = body.data;

  const challenge = await identityClient().requestSignInCode({
    email,
    purpose: purpose === 'sign-up' ? SignInPurpose.SIGN_IN_PURPOSE_SIGN_UP : SignInPurpose.SIGN_IN_PURPOSE_SIGN_IN,
    locale,
    clientIp: clientIp(request, config),
    displayName: displayName ?? '',
  });

  const response = NextResponse.json({ expiresAt: challenge.expiresAt?.toISOString() ?? null });
  return setCookie(response, challengeCookie(challenge.challengeId, isSecureRequest(request, config)));
});
