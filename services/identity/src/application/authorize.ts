import { Violations, messages } from '@kassa/platform/errors';
import type { AuthorizeRequest, AuthorizeResponse } from '@kassa/proto/identity/v1/organisations';
import { isPermission } from '@kassa/contracts/permissions';
import { hasPermission } from '../domain/permissions';
import { MemberEntity } from '../persistence/member.entity';
import type { IdentityContext } from './identity-context';

/**
 * May this user do this here? One indexed lookup; callers answer 404 to non-members and 403 to members lacking
 * the permission. A malformed question is INVALID_ARGUMENT; every well-formed one gets an answer.
 */
export async function authorize(ctx: IdentityContext, request: AuthorizeRequest): Promise<AuthorizeResponse> {
  const v = new Violations();
  v.id('user_id', request.userId, 'usr');
  v.id('organisation_id', request.organisationId, 'org');
  if (request.permission && !isPermission(request.permission)) v.add('permission', messages.invalid('Permission'));
  v.throwIfAny();
  const member = await ctx.orm.em
    .fork()
    .findOne(
      MemberEntity,
      { organisationId: request.organisationId, userId: request.userId },
      { fields: ['permissions'] },
    );
  if (!member) return { allowed: false, member: false, permissions: [] };
  const permissions = [...member.permissions];
  return { allowed: !request.permission || hasPermission(permissions, request.permission), member: true, permissions };
}
