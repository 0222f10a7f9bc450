import { sealString } from '@kassa/platform/crypto';
import { Violations, messages } from '@kassa/platform/errors';
import { newId, randomToken } from '@kassa/platform/ids';
import type { StartSocialSignInRequest, StartSocialSignInResponse } from '@kassa/proto/identity/v1/social_sign_in';
import { toLocale } from '@kassa/contracts/locales';
import { codeChallengeS256, createCodeVerifier } from '../domain/pkce';
import { loginStateExpiry } from '../domain/social-sign-in-policy';
import { isAcceptableProviderUrl } from '../oidc/oidc-provider-settings';
import { OidcLoginStateEntity } from '../persistence/oidc-login-state.entity';
import type { SocialSignInContext } from './social-sign-in-context';

const REDIRECT_URI_MAX_LENGTH = 2048;

/**
 * Creates a single-use login state and the provider URL that refers to it. The provider is asked first,
 * so an unreachable provider leaves nothing behind.
 */
export async function startSocialSignIn(
  ctx: SocialSignInContext,
  request: StartSocialSignInRequest,
): Promise<StartSocialSignInResponse> {
  const violations = new Violations();
  const providerId = (request.provider ?? '').trim();
  const provider = providerId ? ctx.providers.get(providerId) : undefined;
  if (!providerId) violations.add('provider', messages.required('Provider'));
  else if (!provider) violations.add('provider', messages.invalid('Provider'));
  const redirectUri = (request.redirectUri ?? '').trim();
  if (!redirectUri) violations.add('redirect_uri', messages.required('Redirect URI'));
  else if (redirectUri.length > REDIRECT_URI_MAX_LENGTH)
    violations.add('redirect_uri', messages.tooLong('Redirect URI'));
  else if (!isAcceptableProviderUrl(redirectUri) || new URL(redirectUri).hash !== '')
    violations.add('redirect_uri', messages.invalid('Redirect URI'));
  violations.throwIfAny();
  if (!provider) throw new Error('unreachable');

  const now = ctx.now();
  const stateId = newId('ols');
  const nonce = randomToken(32);
  const codeVerifier = createCodeVerifier(ctx.randomBytes);
  const locale = toLocale(request.locale);
  const expiresAt = loginStateExpiry(now);

  const authorizationUrl = await provider.authorizationUrl({
    state: stateId,
    nonce,
    codeChallenge: codeChallengeS256(codeVerifier),
    redirectUri,
    locale,
  });

  const em = ctx.orm.em.fork();
  em.create(OidcLoginStateEntity, {
    id: stateId,
    provider: provider.id,
    sealedCodeVerifier: sealString(ctx.loginStateKey, codeVerifier),
    nonce,
    redirectUri,
    locale,
    createdAt: now,
    expiresAt,
    consumedAt: null,
  });
  await em.flush();
  ctx.logger.info({ stateId, provider: provider.id }, 'social sign-in started');
  return { authorizationUrl, stateId, expiresAt };
}
