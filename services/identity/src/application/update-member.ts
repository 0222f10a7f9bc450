import { NotFoundError, Violations } from '@kassa/platform/errors';
import type { UpdateMemberRequest, UpdateMemberResponse } from '@kassa/proto/identity/v1/organisations';
import { isOwner, mayChangePermissions } from '../domain/membership-rules';
import { checkMemberName } from '../domain/organisation-rules';
import { checkPermissions } from '../domain/permissions';
import { publishMemberChanged } from '../events/member-changed.publisher';
import type { IdentityContext } from './identity-context';
import {
  type ActorRef,
  MEMBER_NOT_FOUND,
  actorAmong,
  checkIds,
  lockMembers,
  requireActor,
} from './organisation-access';
import { toMemberMessages } from './organisation-view';
import { throwIfRefused } from './refusal';

/**
 * Replaces a member's name and permissions; needs "members" ("owner" to give or take "owner", or to change an
 * owner). The organisation's member rows stay locked until commit, so the owner count the last-owner rule reads
 * cannot change underneath it. The same request twice changes nothing the second time (no event).
 */
export async function updateMember(
  ctx: IdentityContext,
  request: UpdateMemberRequest,
  actor: ActorRef,
): Promise<UpdateMemberResponse> {
  const userId = requireActor(actor);
  checkIds({ organisation_id: [request.organisationId, 'org'], member_id: [request.memberId, 'mem'] });
  const v = new Violations();
  const name = checkMemberName(v, request);
  const permissions = checkPermissions(request.permissions);
  if (!permissions.ok) v.add('permissions', permissions.message);
  v.throwIfAny();
  if (!permissions.ok) throw new Error('unreachable');

  return ctx.orm.em.fork().transactional(async (em) => {
    const members = await lockMembers(em, request.organisationId);
    const acting = actorAmong(members, userId);
    const target = members.find((member) => member.id === request.memberId);
    if (!target) throw new NotFoundError(MEMBER_NOT_FOUND);
    const owners = members.filter(isOwner).length;
    throwIfRefused(mayChangePermissions(acting, target, permissions.permissions, owners));

    const same =
      name.firstName === target.firstName &&
      name.lastName === target.lastName &&
      sameSet(target.permissions, permissions.permissions);
    if (!same) {
      const now = ctx.now();
      Object.assign(target, name, { permissions: permissions.permissions, updatedAt: now });
      publishMemberChanged(em, 'updated', target, userId, now);
      ctx.logger.info({ organisationId: request.organisationId, memberId: target.id }, 'member updated');
    }
    const [message] = await toMemberMessages(em, [target]);
    return { member: message };
  });
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}
