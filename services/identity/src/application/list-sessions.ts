import type { ListSessionsRequest, ListSessionsResponse, SessionSummary } from '@kassa/proto/identity/v1/identity';
import { maskClientIp } from '../domain/client-ip';
import { isSessionActive } from '../domain/session-policy';
import { summariseUserAgent } from '../domain/user-agent-summary';
import { type Session, SessionEntity } from '../persistence/session.entity';
import { requireActiveSession } from './authenticated-session';
import type { IdentityContext } from './identity-context';

/** The caller's active sessions: the calling one first, then most recently used first; addresses masked, user agents summarised. */
export async function listSessions(ctx: IdentityContext, request: ListSessionsRequest): Promise<ListSessionsResponse> {
  const em = ctx.orm.em.fork();
  const now = ctx.now();
  const current = await requireActiveSession(em, request.sessionToken, now);
  const sessions = await em.find(
    SessionEntity,
    { userId: current.userId, revokedAt: null },
    { orderBy: { lastSeenAt: 'desc', id: 'desc' } },
  );
  const active = sessions.filter((session) => isSessionActive(session, now));
  const ordered = [
    ...active.filter((session) => session.id === current.id),
    ...active.filter((session) => session.id !== current.id),
  ];
  return { sessions: ordered.map((session) => toSummary(session, current.id)) };
}

function toSummary(session: Session, currentId: string): SessionSummary {
  return {
    id: session.id,
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    clientIp: maskClientIp(session.clientIp),
    userAgent: summariseUserAgent(session.userAgent),
    current: session.id === currentId,
  };
}
