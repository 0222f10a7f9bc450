import { Violations } from '@kassa/platform/errors';
import { hmacSha256Hex, sha256Hex } from '@kassa/platform/crypto';
import { newId } from '@kassa/platform/ids';
import { crashPoint } from '@kassa/platform/lifecycle';
import { enforceRateLimit } from '@kassa/platform/ratelimit';
import { type RequestSignInCodeRequest, SignInPurpose } from '@kassa/proto/identity/v1/identity';
import { checkDisplayName } from '../domain/display-name';
import { checkEmailAddress } from '@kassa/platform/errors';
import { toLocale } from '@kassa/contracts/locales';
import { SEND_LIMIT_PER_ADDRESS, SEND_LIMIT_PER_IP, codeExpiry, generateCode } from '../domain/sign-in-policy';
import { publishSignInCodeRequested } from '../events/signin-code-requested.publisher';
import { SignInChallengeEntity } from '../persistence/sign-in-challenge.entity';
import { UserEntity } from '../persistence/user.entity';
import type { IdentityContext } from './identity-context';
import { isKnownClientAddress, sendLimitKey } from './known-client-address';

export function hashCode(ctx: IdentityContext, challengeId: string, code: string): string {
  return hmacSha256Hex(ctx.keys.codeHmac, `${challengeId}:${code}`);
}

/**
 * Starts a sign-in. The work is the same whether or not the address has an account
 * (one lookup, one insert, one event), so neither the answer nor its timing tells them apart.
 */
export async function requestSignInCode(
  ctx: IdentityContext,
  request: RequestSignInCodeRequest,
): Promise<{ challengeId: string; expiresAt: Date }> {
  const violations = new Violations();
  const email = checkEmailAddress(request.email);
  if (!email.ok) violations.add('email', email.message);
  const name = checkDisplayName(request.displayName);
  if (!name.ok) violations.add('displayName', name.message);
  violations.throwIfAny();
  if (!email.ok || !name.ok) throw new Error('unreachable');

  await enforceRateLimit(ctx.rateLimiter, `signin-send-ip-${request.clientIp || 'unknown'}`, {
    ...SEND_LIMIT_PER_IP,
    limit: ctx.signInSendLimitPerIp ?? SEND_LIMIT_PER_IP.limit,
  });
  // From where the owner signed in before, the address's limit counts apart (see known-client-address.ts).
  const known = await isKnownClientAddress(ctx.orm.em.fork(), email.email, request.clientIp);
  await enforceRateLimit(
    ctx.rateLimiter,
    sendLimitKey(sha256Hex(email.email), known ? request.clientIp : undefined),
    SEND_LIMIT_PER_ADDRESS,
  );

  const now = ctx.now();
  const challengeId = newId('sic');
  const code = generateCode(ctx.randomInt);
  const expiresAt = codeExpiry(now);
  const locale = toLocale(request.locale);
  const purpose = request.purpose === SignInPurpose.SIGN_IN_PURPOSE_SIGN_UP ? 'sign-up' : 'sign-in';

  await ctx.orm.em.fork().transactional(async (em) => {
    const existing = await em.findOne(UserEntity, { email: email.email });
    em.create(SignInChallengeEntity, {
      id: challengeId,
      email: email.email,
      codeHash: hashCode(ctx, challengeId, code),
      purpose,
      locale,
      displayName: name.displayName,
      clientIp: request.clientIp,
      failedTries: 0,
      createdAt: now,
      expiresAt,
      consumedAt: null,
    });
    publishSignInCodeRequested(em, ctx.keys.sealing, {
      challengeId,
      email: email.email,
      code,
      locale: existing?.locale ?? locale,
      newAccount: !existing,
      expiresAt,
      displayName: existing?.displayName || name.displayName,
    });
  });
  crashPoint('identity.sign-in-code.after-commit');
  ctx.logger.info({ challengeId, purpose }, 'sign-in code requested');
  return { challengeId, expiresAt };
}
