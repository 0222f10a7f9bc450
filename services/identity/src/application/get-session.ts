import { UnauthenticatedError } from '@kassa/platform/errors';
import type { GetSessionRequest, GetSessionResponse } from '@kassa/proto/identity/v1/identity';
import { sessionExpiry, shouldTouch } from '../domain/session-policy';
import { SessionEntity } from '../persistence/session.entity';
import { UserEntity } from '../persistence/user.entity';
import { NO_SESSION, requireActiveSession } from './authenticated-session';
import type { IdentityContext } from './identity-context';
import { toUserMessage } from './user-view';

/** Resolves a token; records use at most once a minute so reads stay cheap. */
export async function getSession(ctx: IdentityContext, request: GetSessionRequest): Promise<GetSessionResponse> {
  const em = ctx.orm.em.fork();
  const now = ctx.now();
  const session = await requireActiveSession(em, request.sessionToken, now);
  const user = await em.findOne(UserEntity, { id: session.userId });
  if (!user) throw new UnauthenticatedError(NO_SESSION);
  if (shouldTouch(session, now)) {
    // Conditional, so concurrent reads do not fight and a revocation in between is never undone.
    await em.nativeUpdate(
      SessionEntity,
      { id: session.id, revokedAt: null, lastSeenAt: { $lt: now } },
      { lastSeenAt: now },
    );
    session.lastSeenAt = now;
  }
  return { user: toUserMessage(user), sessionId: session.id, expiresAt: sessionExpiry(session) };
}
