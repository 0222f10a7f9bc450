// Not a use case: the signed-in session a call carries, required by every use case of the signed-in user.
import type { EntityManager } from '@mikro-orm/postgresql';
import { UnauthenticatedError } from '@kassa/platform/errors';
import { sha256Hex } from '@kassa/platform/crypto';
import { isSessionActive, isWellFormedSessionToken } from '../domain/session-policy';
import { type Session, SessionEntity } from '../persistence/session.entity';

export const NO_SESSION = 'Session is invalid';

/**
 * The active session behind a token, for the account use cases that act on the caller's own data.
 * Does not record use (GetSession does that on every page), so these calls stay single-purpose.
 */
export async function requireActiveSession(em: EntityManager, token: string | undefined, now: Date): Promise<Session> {
  const value = token ?? '';
  if (!isWellFormedSessionToken(value)) throw new UnauthenticatedError(NO_SESSION);
  const session = await em.findOne(SessionEntity, { tokenHash: sha256Hex(value) });
  if (!session || !isSessionActive(session, now)) throw new UnauthenticatedError(NO_SESSION);
  return session;
}
