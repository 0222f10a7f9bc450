// POST /api/_auth/verify {code} → checks the code against the challenge in this browser's cookie and opens a session.
import { messages } from '@kassa/platform/errors';
import { NextResponse } from 'next/server';
import { checkBody, verifyBody } from '../../../../server/auth/auth-validation';
import { setNewSessionCookie } from '../../../../server/auth/browser-session';
import { handler, readJson, setCookie } from '../../../../server/handler';
import { identityClient } from '../../../../server/clients/identity-client';
import { clientIp, isSecureRequest, userAgent } from '../../../../server/request-context';
import {
  CHALLENGE_COOKIE,
  clearedChallengeCookie,
  isWellFormedChallengeId,
} from '../../../../server/auth/session-cookies';
import { toSessionUser } from '../../../../server/auth/session-user';

const CODE_INVALID = 'Code is invalid';

export const POST = handler(
  async (request, { config }) => {
    const body = checkBody(verifyBody, await readJson(request));
    if (!body.ok) return NextResponse.json({ message: messages.genericForm, fields: body.fields }, { status: 400 });

    // No challenge in this browser (expired after 10 minutes, or never asked here): the code cannot be right.
    const challengeId = request.cookies.get(CHALLENGE_COOKIE)?.value ?? '';
    if (!isWellFormedChallengeId(challengeId)) return NextResponse.json({ message: CODE_INVALID }, { status: 401 });

    const secure = isSecureRequest(request, config);
    const verified = await identityClient().verifySignInCode({
      challengeId,
      code: body.data.code,
      clientIp: clientIp(request, config),
      userAgent: userAgent(request),
    });

    const response = NextResponse.json({ user: toSessionUser(verified.user) });
    await setNewSessionCookie(request, response, verified, secure);
    return setCookie(response, clearedChallengeCookie(secure));
  },
  { unauthenticatedMessage: CODE_INVALID },
);
