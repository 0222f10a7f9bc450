import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimitedError, UnauthenticatedError, Violations, messages } from '@kassa/platform/errors';
import { timingSafeEqualHex } from '@kassa/platform/crypto';
import { isId } from '@kassa/platform/ids';
import type { VerifySignInCodeRequest, VerifySignInCodeResponse } from '@kassa/proto/identity/v1/identity';
import {
  FAILURE_BUDGET_WINDOW_MS,
  isWellFormedCode,
  normaliseCode,
  refuseVerification,
} from '../domain/sign-in-policy';
import { SignInChallengeEntity } from '../persistence/sign-in-challenge.entity';
import type { User } from '../persistence/user.entity';
import type { IdentityContext } from './identity-context';
import { failuresInBucket } from './known-client-address';
import { hashCode } from './request-sign-in-code';
import { findOrCreateUser, openSession, transactionalRetryingOnRace } from './sign-in-session';
import { toUserMessage } from './user-view';

const CODE_INVALID = messages.invalid('Code');
const TOO_MANY_TRIES = 'Too many tries. Request a new code.';

type Outcome =
  | { kind: 'signed-in'; user: User; token: string; expiresAt: Date; created: boolean }
  | { kind: 'refused'; reason: 'unknown' | 'wrong' | 'used' | 'expired' | 'too-many-tries' | 'budget-exhausted' };

/**
 * Answers a challenge. The challenge row is locked for the whole check, so two answers to the same
 * challenge are decided one after the other and a code is used at most once. A wrong answer's
 * failed try is committed before the refusal is returned.
 */
export async function verifySignInCode(
  ctx: IdentityContext,
  request: VerifySignInCodeRequest,
): Promise<VerifySignInCodeResponse> {
  const code = normaliseCode(request.code ?? '');
  const violations = new Violations();
  if (code === '') violations.add('code', messages.required('Code'));
  else if (!isWellFormedCode(code)) violations.add('code', CODE_INVALID);
  // An unknown-looking challenge is not the caller's fault in a way a form can fix: refuse like a wrong code.
  violations.throwIfAny();
  if (!isId('sic', request.challengeId)) throw new UnauthenticatedError(CODE_INVALID);

  // Two first sign-ins of one address may race to create the user; the loser runs again and finds it.
  const outcome = await transactionalRetryingOnRace(ctx, (em) => decide(ctx, em, request, code));
  if (outcome.kind === 'signed-in') {
    ctx.logger.info({ userId: outcome.user.id, created: outcome.created }, 'signed in');
    return {
      sessionToken: outcome.token,
      expiresAt: outcome.expiresAt,
      user: toUserMessage(outcome.user),
      created: outcome.created,
    };
  }
  ctx.logger.info({ challengeId: request.challengeId, reason: outcome.reason }, 'sign-in code refused');
  if (outcome.reason === 'too-many-tries' || outcome.reason === 'budget-exhausted') {
    throw new RateLimitedError(outcome.reason === 'too-many-tries' ? 600 : 3600, TOO_MANY_TRIES);
  }
  throw new UnauthenticatedError(CODE_INVALID);
}

async function decide(
  ctx: IdentityContext,
  em: EntityManager,
  request: VerifySignInCodeRequest,
  code: string,
): Promise<Outcome> {
  const now = ctx.now();
  const lockMode = ctx.unsafeUnlockedChallenge ? LockMode.NONE : LockMode.PESSIMISTIC_WRITE;
  const challenge = await em.findOne(SignInChallengeEntity, { id: request.challengeId }, { lockMode });
  if (!challenge) return { kind: 'refused', reason: 'unknown' };

  const failures = await failuresInBucket(
    em,
    challenge.email,
    challenge.clientIp,
    new Date(now.getTime() - FAILURE_BUDGET_WINDOW_MS),
  );
  const refusal = refuseVerification(challenge, failures, now);
  if (refusal) return { kind: 'refused', reason: refusal };

  if (!timingSafeEqualHex(challenge.codeHash, hashCode(ctx, challenge.id, code))) {
    challenge.failedTries += 1;
    return { kind: 'refused', reason: 'wrong' };
  }
  challenge.consumedAt = now;

  const { user, created } = await findOrCreateUser(em, now, {
    email: challenge.email,
    displayName: challenge.displayName,
    locale: challenge.locale,
  });
  const session = await openSession(em, now, user, { clientIp: request.clientIp, userAgent: request.userAgent });
  return { kind: 'signed-in', user, token: session.token, expiresAt: session.expiresAt, created };
}
