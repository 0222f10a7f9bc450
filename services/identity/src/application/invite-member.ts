import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError, PermissionDeniedError, Violations, checkEmailAddress } from '@kassa/platform/errors';
import { sha256Hex } from '@kassa/platform/crypto';
import { newId, randomToken } from '@kassa/platform/ids';
import type { InviteMemberRequest, InviteMemberResponse } from '@kassa/proto/identity/v1/organisations';
import { invitationExpiry } from '../domain/invitation-policy';
import { isLocale } from '@kassa/contracts/locales';
import { mayInvite } from '../domain/membership-rules';
import { checkMemberName, fullName } from '../domain/organisation-rules';
import { checkPermissions } from '../domain/permissions';
import { publishMemberInvited } from '../events/member-invited.publisher';
import { InvitationEntity } from '../persistence/invitation.entity';
import { MemberEntity } from '../persistence/member.entity';
import { UserEntity } from '../persistence/user.entity';
import type { IdentityContext } from './identity-context';
import { type ActorRef, NOT_ALLOWED, checkIds, requireActor, requireMembership } from './organisation-access';
import { toInvitationMessage } from './organisation-view';
import { transactionalRetryingOnRace } from './sign-in-session';

export const ALREADY_A_MEMBER = 'This person is already a member';

/**
 * Invites an address; needs "members" ("owner" to grant "owner"). Inviting an address that has a pending
 * invitation updates that one (names, permissions, language) and sends a fresh link with a fresh week, so a
 * retried call leaves one invitation. The link's token exists only in the sealed MemberInvited event.
 */
export async function inviteMember(
  ctx: IdentityContext,
  request: InviteMemberRequest,
  actor: ActorRef,
): Promise<InviteMemberResponse> {
  const userId = requireActor(actor);
  checkIds({ organisation_id: [request.organisationId, 'org'] });
  const input = validate(request);
  // Two first invitations of one address may race on the one-pending-per-address index; the loser updates the winner's.
  return transactionalRetryingOnRace(ctx, async (em) => {
    const { organisation, member } = await requireMembership(em, request.organisationId, userId);
    if (mayInvite(member, input.permissions)) throw new PermissionDeniedError(NOT_ALLOWED);
    if (await isMember(em, organisation.id, input.email)) throw new ConflictError(ALREADY_A_MEMBER);

    const now = ctx.now();
    const token = randomToken(32);
    const inviter = await em.findOneOrFail(UserEntity, { id: userId });
    const changes = {
      firstName: input.firstName,
      lastName: input.lastName,
      permissions: input.permissions,
      locale: input.locale || organisation.defaultLocale,
      tokenHash: sha256Hex(token),
      invitedByUserId: userId,
      invitedByName: fullName(member, inviter.displayName || inviter.email),
      sentAt: now,
      expiresAt: invitationExpiry(now),
      updatedAt: now,
    };
    const pending = await em.findOne(InvitationEntity, {
      organisationId: organisation.id,
      email: input.email,
      status: 'pending',
    });
    const invitation = pending
      ? Object.assign(pending, changes)
      : em.create(InvitationEntity, {
          id: newId('inv'),
          organisationId: organisation.id,
          email: input.email,
          status: 'pending',
          acceptedMemberId: null,
          createdAt: now,
          ...changes,
        });
    publishMemberInvited(em, ctx.keys.sealing, invitation, organisation.name, token);
    ctx.logger.info(
      { organisationId: organisation.id, invitationId: invitation.id, resent: Boolean(pending) },
      'member invited',
    );
    return { invitation: toInvitationMessage(invitation) };
  });
}

function validate(request: InviteMemberRequest) {
  const v = new Violations();
  const email = checkEmailAddress(request.email);
  if (!email.ok) v.add('email', email.message);
  const name = checkMemberName(v, request);
  const permissions = checkPermissions(request.permissions);
  if (!permissions.ok) v.add('permissions', permissions.message);
  const locale = v.string('locale', request.locale, { label: 'Language', check: isLocale });
  v.throwIfAny();
  if (!email.ok || !permissions.ok) throw new Error('unreachable');
  return { email: email.email, ...name, permissions: permissions.permissions, locale };
}

async function isMember(em: EntityManager, organisationId: string, email: string): Promise<boolean> {
  const user = await em.findOne(UserEntity, { email }, { fields: ['id'] });
  return Boolean(user && (await em.count(MemberEntity, { organisationId, userId: user.id })));
}
