import { NotFoundError, PermissionDeniedError } from '@kassa/platform/errors';
import { LockMode } from '@mikro-orm/core';
import type { RevokeInvitationRequest, RevokeInvitationResponse } from '@kassa/proto/identity/v1/organisations';
import { mayInvite } from '../domain/membership-rules';
import { InvitationEntity } from '../persistence/invitation.entity';
import type { IdentityContext } from './identity-context';
import {
  type ActorRef,
  INVITATION_NOT_FOUND,
  NOT_ALLOWED,
  checkIds,
  requireActor,
  requireMembership,
} from './organisation-access';

/**
 * Withdraws a pending invitation so its link stops working; needs what sending it needed. An invitation of this
 * organisation that is already revoked or accepted is left as it is and the call succeeds (a retry is harmless);
 * another organisation's invitation is NOT_FOUND.
 */
export async function revokeInvitation(
  ctx: IdentityContext,
  request: RevokeInvitationRequest,
  actor: ActorRef,
): Promise<RevokeInvitationResponse> {
  const userId = requireActor(actor);
  checkIds({ organisation_id: [request.organisationId, 'org'], invitation_id: [request.invitationId, 'inv'] });
  return ctx.orm.em.fork().transactional(async (em) => {
    const { member } = await requireMembership(em, request.organisationId, userId);
    const invitation = await em.findOne(
      InvitationEntity,
      { id: request.invitationId, organisationId: request.organisationId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!invitation) throw new NotFoundError(INVITATION_NOT_FOUND);
    if (mayInvite(member, invitation.permissions)) throw new PermissionDeniedError(NOT_ALLOWED);
    if (invitation.status === 'pending') {
      invitation.status = 'revoked';
      invitation.updatedAt = ctx.now();
      ctx.logger.info({ organisationId: request.organisationId, invitationId: invitation.id }, 'invitation revoked');
    }
    return {};
  });
}
