import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { openString } from '@kassa/platform/crypto';
import { UnauthenticatedError, Violations, messages } from '@kassa/platform/errors';
import { isId, newId } from '@kassa/platform/ids';
import type {
  CompleteSocialSignInRequest,
  CompleteSocialSignInResponse,
} from '@kassa/proto/identity/v1/social_sign_in';
import { checkDisplayName } from '../domain/display-name';
import { checkEmailAddress } from '@kassa/platform/errors';
import { type ProviderIdentity, decideAccountLink, refuseLoginState } from '../domain/social-sign-in-policy';
import { type OidcLoginState, OidcLoginStateEntity } from '../persistence/oidc-login-state.entity';
import { type User, UserEntity } from '../persistence/user.entity';
import { UserIdentityEntity } from '../persistence/user-identity.entity';
import { OidcRefusedError } from './oidc-provider.port';
import { findOrCreateUser, openSession, transactionalRetryingOnRace } from './sign-in-session';
import type { SocialSignInContext } from './social-sign-in-context';
import { toUserMessage } from './user-view';

/** One answer for every refusal, so the caller learns nothing about which check failed. */
export const SOCIAL_SIGN_IN_REFUSED = 'Sign-in failed. Please try again.';
/** The one refusal the person can act on (verify the address at the provider, or use the e-mailed code). */
export const EMAIL_NOT_VERIFIED = 'Email is not verified';

const CODE_MAX_LENGTH = 2048;

/**
 * Redeems a login state with the provider's code. The state is consumed first, in its own transaction, so it is
 * single-use even when the exchange below fails or two callbacks race; then the provider vouches for the person
 * and the account is found (by linked subject, or by verified e-mail), created if needed, and a session opened.
 */
export async function completeSocialSignIn(
  ctx: SocialSignInContext,
  request: CompleteSocialSignInRequest,
): Promise<CompleteSocialSignInResponse> {
  const violations = new Violations();
  const code = (request.code ?? '').trim();
  if (!request.stateId) violations.add('state_id', messages.required('State'));
  if (code === '') violations.add('code', messages.required('Code'));
  else if (code.length > CODE_MAX_LENGTH) violations.add('code', messages.tooLong('Code'));
  violations.throwIfAny();
  if (!isId('ols', request.stateId)) throw new UnauthenticatedError(SOCIAL_SIGN_IN_REFUSED);

  const state = await consumeLoginState(ctx, request.stateId);
  const provider = state && ctx.providers.get(state.provider);
  if (!state || !provider) throw new UnauthenticatedError(SOCIAL_SIGN_IN_REFUSED);

  let identity: ProviderIdentity;
  try {
    identity = await provider.redeem({
      code,
      codeVerifier: openString(ctx.loginStateKey, state.sealedCodeVerifier),
      redirectUri: state.redirectUri,
      nonce: state.nonce,
    });
  } catch (error) {
    if (!(error instanceof OidcRefusedError)) throw error;
    ctx.logger.warn(
      { stateId: state.id, provider: provider.id, reason: error.reason, detail: error.message },
      'social sign-in refused by verification',
    );
    throw new UnauthenticatedError(SOCIAL_SIGN_IN_REFUSED);
  }

  const outcome = await transactionalRetryingOnRace(ctx, (em) => signInIdentity(ctx, em, state, identity, request));
  if (outcome.kind === 'refused') {
    ctx.logger.info(
      { stateId: state.id, provider: provider.id },
      'social sign-in refused: e-mail address not verified by the provider',
    );
    throw new UnauthenticatedError(EMAIL_NOT_VERIFIED);
  }
  ctx.logger.info(
    { userId: outcome.user.id, provider: provider.id, created: outcome.created },
    'signed in with a provider',
  );
  return {
    sessionToken: outcome.token,
    expiresAt: outcome.expiresAt,
    user: toUserMessage(outcome.user),
    created: outcome.created,
  };
}

/** Marks the state used and answers it, or answers null when it is unknown, used or expired. */
async function consumeLoginState(ctx: SocialSignInContext, stateId: string): Promise<OidcLoginState | null> {
  return ctx.orm.em.fork().transactional(async (em) => {
    const now = ctx.now();
    const state = await em.findOne(OidcLoginStateEntity, { id: stateId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!state) return null;
    const refusal = refuseLoginState(state, now);
    if (refusal) {
      ctx.logger.info({ stateId, refusal }, 'social sign-in state refused');
      return null;
    }
    state.consumedAt = now;
    return state;
  });
}

type SignInOutcome =
  { kind: 'signed-in'; user: User; token: string; expiresAt: Date; created: boolean } | { kind: 'refused' };

async function signInIdentity(
  ctx: SocialSignInContext,
  em: EntityManager,
  state: OidcLoginState,
  identity: ProviderIdentity,
  request: CompleteSocialSignInRequest,
): Promise<SignInOutcome> {
  const now = ctx.now();
  const link = await em.findOne(UserIdentityEntity, { provider: state.provider, subject: identity.subject });
  const email = checkEmailAddress(identity.email);
  const decision = decideAccountLink(link?.userId ?? null, identity, email.ok ? email.email : null);
  if (decision.kind === 'refused') return { kind: 'refused' };

  let user: User;
  let created = false;
  if (decision.kind === 'linked') {
    const linked = await em.findOne(UserEntity, { id: decision.userId });
    if (!linked) return { kind: 'refused' };
    user = linked;
    link!.lastSignInAt = now;
  } else {
    const name = checkDisplayName(identity.name);
    ({ user, created } = await findOrCreateUser(em, now, {
      email: decision.email,
      displayName: name.ok ? name.displayName : '',
      locale: state.locale,
    }));
    em.create(UserIdentityEntity, {
      id: newId('uid'),
      provider: state.provider,
      subject: identity.subject,
      userId: user.id,
      createdAt: now,
      lastSignInAt: now,
    });
  }
  const session = await openSession(em, now, user, { clientIp: request.clientIp, userAgent: request.userAgent });
  return { kind: 'signed-in', user, created, ...session };
}
