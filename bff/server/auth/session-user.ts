import type { SessionUser } from '@kassa/web/lib/api-result';
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import type { User } from '@kassa/proto/identity/v1/identity';
import { identityClient } from '../clients/identity-client';
import { isWellFormedSessionToken } from './session-cookies';

/** What the browser may know about the signed-in user. */
export function toSessionUser(user: User | undefined): SessionUser {
  if (!user) throw new Error('identity answered without a user');
  return { id: user.id, email: user.email, displayName: user.displayName, locale: user.locale };
}

/**
 * The user behind a session token, or null when the token is malformed, unknown, revoked or expired.
 * Any other failure (identity down) is thrown: "not signed in" and "cannot tell" are different answers.
 */
export async function findSessionUser(token: string): Promise<SessionUser | null> {
  if (!isWellFormedSessionToken(token)) return null;
  try {
    const session = await identityClient().getSession({ sessionToken: token });
    return toSessionUser(session.user);
  } catch (error) {
    if (isGrpcCallError(error) && error.code === status.UNAUTHENTICATED) return null;
    throw error;
  }
}
