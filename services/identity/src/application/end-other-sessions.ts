import type { EndOtherSessionsRequest, EndOtherSessionsResponse } from '@kassa/proto/identity/v1/identity';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '../domain/session-policy';
import { SessionEntity } from '../persistence/session.entity';
import { requireActiveSession } from './authenticated-session';
import type { IdentityContext } from './identity-context';

/** "Sign out of other sessions": revokes every open session of the caller except the calling one. */
export async function endOtherSessions(
  ctx: IdentityContext,
  request: EndOtherSessionsRequest,
): Promise<EndOtherSessionsResponse> {
  const em = ctx.orm.em.fork();
  const now = ctx.now();
  const current = await requireActiveSession(em, request.sessionToken, now);
  const endedCount = await em.nativeUpdate(
    SessionEntity,
    {
      userId: current.userId,
      id: { $ne: current.id },
      revokedAt: null,
      // Only sessions that still work: the count tells the person how many browsers were actually signed out.
      lastSeenAt: { $gt: new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS) },
      createdAt: { $gt: new Date(now.getTime() - SESSION_ABSOLUTE_TIMEOUT_MS) },
    },
    { revokedAt: now },
  );
  ctx.logger.info({ userId: current.userId, endedCount }, 'other sessions ended');
  return { endedCount };
}
