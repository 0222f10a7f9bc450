import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError, PermissionDeniedError, UnauthenticatedError } from '@kassa/platform/errors';
import { newId } from '@kassa/platform/ids';
import type { AcceptInvitationRequest, AcceptInvitationResponse } from '@kassa/proto/identity/v1/organisations';
import { isOpen } from '../domain/invitation-policy';
import { nameFromDisplayName } from '../domain/organisation-rules';
import { publishMemberChanged } from '../events/member-changed.publisher';
import type { Invitation } from '../persistence/invitation.entity';
import { type Member, MemberEntity } from '../persistence/member.entity';
import { OrganisationEntity } from '../persistence/organisation.entity';
import { type User, UserEntity } from '../persistence/user.entity';
import type { IdentityContext } from './identity-context';
import { findInvitationByToken } from './invitation-by-token';
import { type ActorRef, INVITATION_NOT_FOUND, requireActor } from './organisation-access';
import { toMyOrganisation } from './organisation-view';

export const WRONG_ADDRESS = 'This invitation was sent to a different e-mail address';

/**
 * Makes the actor a member with the invitation's permissions. The invitation row is locked, so two clicks are
 * decided one after the other; the second (or a retry) answers the membership the first created. The actor must
 * be signed in with the invited address: a forwarded link is no way into an organisation.
 */
export async function acceptInvitation(
  ctx: IdentityContext,
  request: AcceptInvitationRequest,
  actor: ActorRef,
): Promise<AcceptInvitationResponse> {
  const userId = requireActor(actor);
  return ctx.orm.em.fork().transactional(async (em) => {
    const invitation = await findInvitationByToken(em, request.token, true);
    if (!invitation) throw new NotFoundError(INVITATION_NOT_FOUND);
    const organisation = await em.findOne(OrganisationEntity, { id: invitation.organisationId });
    const user = await em.findOne(UserEntity, { id: userId });
    if (!user) throw new UnauthenticatedError('Sign in to continue');
    if (!organisation) throw new NotFoundError(INVITATION_NOT_FOUND);

    const existing = await em.findOne(MemberEntity, { organisationId: invitation.organisationId, userId });
    if (invitation.status === 'accepted' && existing && invitation.acceptedMemberId === existing.id) {
      return { organisation: toMyOrganisation(organisation, existing) };
    }
    if (!isOpen(invitation, ctx.now())) throw new NotFoundError(INVITATION_NOT_FOUND);
    if (user.email !== invitation.email) throw new PermissionDeniedError(WRONG_ADDRESS);

    // Someone who joined meanwhile (another invitation) keeps the permissions they have.
    const member = existing ?? join(ctx, em, invitation, user);
    invitation.status = 'accepted';
    invitation.acceptedMemberId = member.id;
    invitation.updatedAt = ctx.now();
    ctx.logger.info(
      { organisationId: organisation.id, invitationId: invitation.id, memberId: member.id },
      'invitation accepted',
    );
    return { organisation: toMyOrganisation(organisation, member) };
  });
}

function join(ctx: IdentityContext, em: EntityManager, invitation: Invitation, user: User): Member {
  const now = ctx.now();
  const typed = { firstName: invitation.firstName, lastName: invitation.lastName };
  const member = em.create(MemberEntity, {
    id: newId('mem'),
    organisationId: invitation.organisationId,
    userId: user.id,
    ...(typed.firstName || typed.lastName ? typed : nameFromDisplayName(user.displayName)),
    permissions: [...invitation.permissions],
    joinedAt: now,
    updatedAt: now,
  });
  publishMemberChanged(em, 'joined', member, user.id, now);
  return member;
}
