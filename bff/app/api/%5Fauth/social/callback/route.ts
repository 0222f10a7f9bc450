// GET /api/_auth/social/callback?code&state → where the provider sends the popup back. The state must be the one in
// this browser's cookie (so nobody can make a browser complete a sign-in it did not start); identity redeems the code,
// the session cookie is set as after an e-mailed code, and the page signals the opener and closes.
import { status } from '@kassa/platform/grpc';
import type { NextRequest, NextResponse } from 'next/server';
import { readBffConfig } from '../../../../../server/bff-config';
import { setNewSessionCookie } from '../../../../../server/auth/browser-session';
import { setCookie } from '../../../../../server/handler';
import { logger } from '../../../../../server/logger';
import { clientIp, isSecureRequest, userAgent } from '../../../../../server/request-context';
import {
  SOCIAL_STATE_COOKIE,
  clearedSocialStateCookie,
  readSocialStateCookie,
} from '../../../../../server/auth/social-sign-in';
import { socialSignInClient } from '../../../../../server/clients/social-sign-in-client';
import {
  type SocialFailure,
  grpcFailureOf,
  socialFailurePage,
  socialSignedInPage,
} from '../../../../../server/auth/social-sign-in-pages';

/** Identity's wording for the one refusal the person can do something about. */
const EMAIL_NOT_VERIFIED = 'Email is not verified';

function failureOf(error: unknown): { failure: SocialFailure; status: number } {
  const grpc = grpcFailureOf(error);
  if (!grpc) return { failure: 'failed', status: 500 };
  if (grpc.code === status.UNAUTHENTICATED)
    return { failure: grpc.details === EMAIL_NOT_VERIFIED ? 'emailUnverified' : 'failed', status: 401 };
  if (grpc.code === status.UNAVAILABLE || grpc.code === status.DEADLINE_EXCEEDED)
    return { failure: 'unavailable', status: 503 };
  if (grpc.code === status.INVALID_ARGUMENT) return { failure: 'failed', status: 400 };
  return { failure: 'failed', status: 500 };
}

export async function GET(request: NextRequest): Promise<NextResponse> {
  const config = readBffConfig();
  const secure = isSecureRequest(request, config);
  const query = request.nextUrl.searchParams;
  const started = readSocialStateCookie(request.cookies.get(SOCIAL_STATE_COOKIE)?.value);
  const locale = started?.locale ?? 'en';

  // The provider reports a refusal (the person pressed cancel) with an error instead of a code.
  const providerError = query.get('error');
  if (providerError)
    return socialFailurePage(locale, providerError === 'access_denied' ? 'cancelled' : 'failed', 400, secure);
  if (!started || started.stateId !== query.get('state')) return socialFailurePage(locale, 'expired', 400, secure);
  const code = query.get('code') ?? '';
  if (!code) return socialFailurePage(locale, 'failed', 400, secure);

  try {
    const signedIn = await socialSignInClient().completeSocialSignIn({
      stateId: started.stateId,
      code,
      clientIp: clientIp(request, config),
      userAgent: userAgent(request),
    });
    const response = socialSignedInPage(locale);
    await setNewSessionCookie(request, response, signedIn, secure);
    return setCookie(response, clearedSocialStateCookie(secure));
  } catch (error) {
    const { failure, status: httpStatus } = failureOf(error);
    if (httpStatus >= 500) logger.error({ err: error, status: httpStatus }, 'social sign-in failed');
    return socialFailurePage(locale, failure, httpStatus, secure);
  }
}
