import { sha256Hex } from '@kassa/platform/crypto';
import type { EndSessionRequest, EndSessionResponse } from '@kassa/proto/identity/v1/identity';
import { isWellFormedSessionToken } from '../domain/session-policy';
import { SessionEntity } from '../persistence/session.entity';
import type { IdentityContext } from './identity-context';

/** Revokes the session server-side; ending an unknown or ended session is not an error (sign-out is retried freely). */
export async function endSession(ctx: IdentityContext, request: EndSessionRequest): Promise<EndSessionResponse> {
  const token = request.sessionToken ?? '';
  if (!isWellFormedSessionToken(token)) return {};
  await ctx.orm.em
    .fork()
    .nativeUpdate(SessionEntity, { tokenHash: sha256Hex(token), revokedAt: null }, { revokedAt: ctx.now() });
  return {};
}
