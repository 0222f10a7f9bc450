// PATCH /api/organisations/{orgId}/members/{memberId} {firstName, lastName, permissions} → { member }; needs "members".
// DELETE /api/organisations/{orgId}/members/{memberId} → 204; needs "members", except that anyone may leave.
// Owner rules (only owners change owners; the last owner stays) are identity's: 403 or 409 come back from there.
import { memberChangesSchema } from '@kassa/web/lib/organisation-rules';
import { NextResponse } from 'next/server';
import { handler, readJson } from '../../../../../../server/handler';
import { requireRouteId } from '../../../../../../server/http-problem';
import { authorizeOrganisation, requireApiUser } from '../../../../../../server/organisations/organisation-access';
import { organisationClientAs } from '../../../../../../server/clients/organisation-client';
import { parseBody } from '../../../../../../server/request-body';
import { toMemberRow } from '../../../../../../server/organisations/organisation-views';

const body = memberChangesSchema();

type Params = { orgId: string; memberId: string };

export const PATCH = handler<Params>(async (request, { params }) => {
  const user = await requireApiUser(request);
  const orgId = requireRouteId('org', params.orgId);
  const memberId = requireRouteId('mem', params.memberId);
  await authorizeOrganisation(user.id, orgId, 'members');
  const input = parseBody(body, await readJson(request));
  const { member } = await organisationClientAs(user.id).updateMember({ organisationId: orgId, memberId, ...input });
  if (!member) throw new Error('identity answered without a member');
  return NextResponse.json({ member: toMemberRow(member) });
});

export const DELETE = handler<Params>(async (request, { params }) => {
  const user = await requireApiUser(request);
  const orgId = requireRouteId('org', params.orgId);
  const memberId = requireRouteId('mem', params.memberId);
  await authorizeOrganisation(user.id, orgId, '');
  const organisations = organisationClientAs(user.id);
  const { organisation } = await organisations.getOrganisation({ organisationId: orgId });
  // Leaving needs only membership; removing someone else needs "members".
  if (organisation?.memberId !== memberId) await authorizeOrganisation(user.id, orgId, 'members');
  await organisations.removeMember({ organisationId: orgId, memberId });
  return new NextResponse(null, { status: 204 });
});
