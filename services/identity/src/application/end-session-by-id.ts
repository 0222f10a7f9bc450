import { NotFoundError, Violations } from '@kassa/platform/errors';
import type { EndSessionByIdRequest, EndSessionByIdResponse } from '@kassa/proto/identity/v1/identity';
import { SessionEntity } from '../persistence/session.entity';
import { requireActiveSession } from './authenticated-session';
import type { IdentityContext } from './identity-context';

export const SESSION_NOT_FOUND = 'Session not found';

/**
 * Signs out one of the caller's own sessions. Someone else's session id answers exactly like an unknown
 * one (NOT_FOUND) and is never touched, so the call reveals nothing about other accounts.
 */
export async function endSessionById(
  ctx: IdentityContext,
  request: EndSessionByIdRequest,
): Promise<EndSessionByIdResponse> {
  const violations = new Violations();
  const sessionId = violations.id('session_id', request.sessionId, 'ses');
  violations.throwIfAny();
  const em = ctx.orm.em.fork();
  const now = ctx.now();
  const caller = await requireActiveSession(em, request.sessionToken, now);
  const target = await em.findOne(SessionEntity, { id: sessionId, userId: caller.userId });
  if (!target) throw new NotFoundError(SESSION_NOT_FOUND);
  // Ending an already ended session succeeds: the person wanted it gone, and it is.
  await em.nativeUpdate(SessionEntity, { id: target.id, userId: caller.userId, revokedAt: null }, { revokedAt: now });
  ctx.logger.info({ userId: caller.userId, sessionId: target.id }, 'session ended by its owner');
  return {};
}
