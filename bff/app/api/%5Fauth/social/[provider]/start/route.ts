// GET /api/_auth/social/{provider}/start?locale=nl → the popup is sent on to the provider; the state id stays in an
// HttpOnly cookie (10 minutes, path /api/_auth/social) so that only this browser can complete the sign-in.
import { status } from '@kassa/platform/grpc';
import { type NextRequest, NextResponse } from 'next/server';
import { readBffConfig } from '../../../../../../server/bff-config';
import { setCookie } from '../../../../../../server/handler';
import { logger } from '../../../../../../server/logger';
import { appOrigin, isSecureRequest } from '../../../../../../server/request-context';
import {
  SOCIAL_CALLBACK_PATH,
  isWellFormedProviderId,
  socialStateCookie,
  toSocialLocale,
} from '../../../../../../server/auth/social-sign-in';
import { socialSignInClient } from '../../../../../../server/clients/social-sign-in-client';
import { grpcFailureOf, socialFailurePage } from '../../../../../../server/auth/social-sign-in-pages';

export async function GET(
  request: NextRequest,
  { params }: { params: Promise<{ provider: string }> },
): Promise<NextResponse> {
  const config = readBffConfig();
  const secure = isSecureRequest(request, config);
  const locale = toSocialLocale(request.nextUrl.searchParams.get('locale'));
  const { provider } = await params;
  if (!isWellFormedProviderId(provider)) return socialFailurePage(locale, 'failed', 404, secure);

  try {
    const started = await socialSignInClient().startSocialSignIn({
      provider,
      redirectUri: `${appOrigin(request, config)}${SOCIAL_CALLBACK_PATH}`,
      locale,
    });
    const response = NextResponse.redirect(started.authorizationUrl, 303);
    response.headers.set('cache-control', 'no-store');
    return setCookie(response, socialStateCookie(started.stateId, locale, secure));
  } catch (error) {
    if (grpcFailureOf(error)?.code === status.INVALID_ARGUMENT) return socialFailurePage(locale, 'failed', 404, secure);
    logger.error({ err: error, provider }, 'could not start social sign-in');
    return socialFailurePage(locale, 'unavailable', 503, secure);
  }
}
