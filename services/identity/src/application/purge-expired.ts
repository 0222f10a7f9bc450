import { FAILURE_BUDGET_WINDOW_MS } from '../domain/sign-in-policy';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '../domain/session-policy';
import { OidcLoginStateEntity } from '../persistence/oidc-login-state.entity';
import { SessionEntity } from '../persistence/session.entity';
import { SignInChallengeEntity } from '../persistence/sign-in-challenge.entity';
import type { IdentityContext } from './identity-context';

/**
 * Deletes challenges once they no longer count towards the failure budget, and sessions that
 * can never be valid again. Idempotent, so any replica may run it at any time.
 */
export async function purgeExpired(
  ctx: IdentityContext,
): Promise<{ challenges: number; sessions: number; loginStates: number }> {
  const now = ctx.now().getTime();
  const em = ctx.orm.em.fork();
  const challenges = await em.nativeDelete(SignInChallengeEntity, {
    createdAt: { $lt: new Date(now - 2 * FAILURE_BUDGET_WINDOW_MS) },
  });
  const sessions = await em.nativeDelete(SessionEntity, {
    $or: [
      { revokedAt: { $lt: new Date(now - FAILURE_BUDGET_WINDOW_MS) } },
      { lastSeenAt: { $lt: new Date(now - SESSION_IDLE_TIMEOUT_MS) } },
      { createdAt: { $lt: new Date(now - SESSION_ABSOLUTE_TIMEOUT_MS) } },
    ],
  });
  // A social sign-in state is useless once expired; keep it a day for investigating failed sign-ins.
  const loginStates = await em.nativeDelete(OidcLoginStateEntity, {
    expiresAt: { $lt: new Date(now - FAILURE_BUDGET_WINDOW_MS) },
  });
  return { challenges, sessions, loginStates };
}
