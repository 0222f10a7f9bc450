import { NotFoundError, PermissionDeniedError, UnauthenticatedError } from '../errors';
import { type CallContext, type CallerKey, type PromiseClient, createGrpcClient } from '../grpc';
import {
  type AuthorizeRequest,
  type AuthorizeResponse,
  OrganisationServiceClient,
  type OrganisationServiceService,
} from '@kassa/proto/identity/v1/organisations';

/** The one identity method the authorizer calls; a test can pass a stand-in. */
export type AuthorizeClient = Pick<PromiseClient<typeof OrganisationServiceService>, 'authorize'> & { close?(): void };

/** Who is acting, and what they may do in the organisation asked about. */
export interface AuthorizedActor {
  userId: string;
  permissions: string[];
}

export interface OrganisationAuthorizer {
  /**
   * Asks identity whether the caller (ctx.actor) is a member of the organisation and, unless `permission` is ''
   * (membership only), holds that permission. Throws UnauthenticatedError without an actor, NotFoundError for a
   * non-member (an outsider cannot tell an organisation they are not in from one that does not exist) and
   * PermissionDeniedError for a member without the permission.
   */
  authorize(ctx: Pick<CallContext, 'actor'>, organisationId: string, permission: string): Promise<AuthorizedActor>;
  /** Closes the client the authorizer made itself (not one that was passed in). */
  close(): void;
}

/** What an answer of identity's Authorize means for the caller; pure, so the mapping is tested without servers. */
export function authorizationDecision(
  answer: Pick<AuthorizeResponse, 'allowed' | 'member' | 'permissions'>,
  permission: string,
): string[] {
  if (!answer.member) throw new NotFoundError('Organisation not found');
  // Membership alone is asked with ''; trust the permission list rather than `allowed` only when one was named.
  if (permission !== '' && !(answer.allowed && answer.permissions.includes(permission)))
    throw new PermissionDeniedError();
  return [...answer.permissions];
}

/**
 * Re-checks authorisation with identity on every call, so that a removed member or a revoked permission takes
 * effect at once; identity owns memberships and no service keeps a copy of them.
 */
export function createOrganisationAuthorizer(
  source: AuthorizeClient | { identityAddress: string; callerKey: CallerKey; deadlineMs?: number },
): OrganisationAuthorizer {
  const owned = 'identityAddress' in source;
  const client: AuthorizeClient = owned
    ? createGrpcClient(OrganisationServiceClient, source.identityAddress, {
        callerKey: source.callerKey,
        deadlineMs: source.deadlineMs ?? 5000,
      })
    : source;
  return {
    async authorize(ctx, organisationId, permission) {
      const userId = ctx.actor.userId;
      if (!userId) throw new UnauthenticatedError();
      const request: AuthorizeRequest = { userId, organisationId, permission };
      const answer = await client.authorize(request, { actorUserId: userId });
      return { userId, permissions: authorizationDecision(answer, permission) };
    },
    close() {
      if (owned) client.close?.();
    },
  };
}
