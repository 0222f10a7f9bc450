import { NotFoundError } from '@kassa/platform/errors';
import type { GetInvitationRequest, GetInvitationResponse } from '@kassa/proto/identity/v1/organisations';
import { isOpen } from '../domain/invitation-policy';
import { OrganisationEntity } from '../persistence/organisation.entity';
import type { IdentityContext } from './identity-context';
import { findInvitationByToken } from './invitation-by-token';
import { type ActorRef, INVITATION_NOT_FOUND, requireActor } from './organisation-access';
import { toInvitationMessage } from './organisation-view';

/** What a link offers, so the invitee can decide. Unknown, used, revoked and expired links all answer the same NOT_FOUND. */
export async function getInvitation(
  ctx: IdentityContext,
  request: GetInvitationRequest,
  actor: ActorRef,
): Promise<GetInvitationResponse> {
  requireActor(actor);
  const em = ctx.orm.em.fork();
  const invitation = await findInvitationByToken(em, request.token);
  const organisation =
    invitation && isOpen(invitation, ctx.now())
      ? await em.findOne(OrganisationEntity, { id: invitation.organisationId })
      : null;
  if (!invitation || !organisation) throw new NotFoundError(INVITATION_NOT_FOUND);
  return {
    invitation: toInvitationMessage(invitation),
    organisationId: organisation.id,
    organisationName: organisation.name,
    invitedBy: invitation.invitedByName,
  };
}
