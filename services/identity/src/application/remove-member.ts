import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '@kassa/platform/errors';
import type { RemoveMemberRequest, RemoveMemberResponse } from '@kassa/proto/identity/v1/organisations';
import { isOwner, mayRemove } from '../domain/membership-rules';
import { publishMemberChanged } from '../events/member-changed.publisher';
import { MemberRemovalEntity } from '../persistence/member-removal.entity';
import type { IdentityContext } from './identity-context';
import {
  type ActorRef,
  MEMBER_NOT_FOUND,
  ORGANISATION_NOT_FOUND,
  checkIds,
  lockMembers,
  requireActor,
} from './organisation-access';
import { throwIfRefused } from './refusal';

/**
 * Removes a member; needs "members" ("owner" for an owner), except that anyone may leave. The last owner cannot go.
 * The organisation's member rows are locked while the owners are counted, so two owners removing each other (or
 * themselves) at the same moment are decided one after the other and one of them is refused. A removal is
 * remembered, so repeating the call (also by someone who just left) succeeds again.
 */
export async function removeMember(
  ctx: IdentityContext,
  request: RemoveMemberRequest,
  actor: ActorRef,
): Promise<RemoveMemberResponse> {
  const userId = requireActor(actor);
  checkIds({ organisation_id: [request.organisationId, 'org'], member_id: [request.memberId, 'mem'] });
  return ctx.orm.em.fork().transactional(async (em) => {
    const members = await lockMembers(em, request.organisationId);
    const acting = members.find((member) => member.userId === userId);
    const target = members.find((member) => member.id === request.memberId);
    if (!target && (await removedBefore(em, request, userId, Boolean(acting)))) return {};
    if (!acting) throw new NotFoundError(ORGANISATION_NOT_FOUND);
    if (!target) throw new NotFoundError(MEMBER_NOT_FOUND);
    throwIfRefused(mayRemove(acting, target, members.filter(isOwner).length));

    const now = ctx.now();
    em.create(MemberRemovalEntity, {
      memberId: target.id,
      organisationId: target.organisationId,
      userId: target.userId,
      removedByUserId: userId,
      removedAt: now,
    });
    publishMemberChanged(em, 'removed', target, userId, now);
    em.remove(target);
    ctx.logger.info(
      { organisationId: request.organisationId, memberId: target.id, left: target.userId === userId },
      'member removed',
    );
    return {};
  });
}

/** Was this membership removed before, and may the actor know (a member still, or the one who left)? */
async function removedBefore(
  em: EntityManager,
  request: RemoveMemberRequest,
  userId: string,
  actorIsMember: boolean,
): Promise<boolean> {
  const removal = await em.findOne(MemberRemovalEntity, {
    memberId: request.memberId,
    organisationId: request.organisationId,
  });
  return Boolean(removal && (actorIsMember || removal.userId === userId));
}
