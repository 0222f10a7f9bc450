// DELETE /api/organisations/{orgId}/invitations/{invitationId} → 204: withdraws a pending invitation; needs "members".
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../server/handler';
import { requireRouteId } from '../../../../../../server/http-problem';
import { authorizeOrganisation, requireApiUser } from '../../../../../../server/organisations/organisation-access';
import { organisationClientAs } from '../../../../../../server/clients/organisation-client';

export const DELETE = handler<{ orgId: string; invitationId: string }>(async (request, { params }) => {
  const user = await requireApiUser(request);
  const orgId = requireRouteId('org', params.orgId);
  const invitationId = requireRouteId('inv', params.invitationId);
  await authorizeOrganisation(user.id, orgId, 'members');
  await organisationClientAs(user.id).revokeInvitation({ organisationId: orgId, invitationId });
  return new NextResponse(null, { status: 204 });
});
