// POST /api/organisations/{orgId}/members {email, firstName, lastName, permissions} → 201 { invitation }: invites
// (or re-invites, with a fresh link) a person; needs "members" ("owner" to grant "owner", which identity checks).
import { inviteSchema } from '@kassa/web/lib/organisation-rules';
import { NextResponse } from 'next/server';
import { handler, readJson } from '../../../../../server/handler';
import { requireRouteId } from '../../../../../server/http-problem';
import { authorizeOrganisation, requireApiUser } from '../../../../../server/organisations/organisation-access';
import { organisationClientAs } from '../../../../../server/clients/organisation-client';
import { parseBody } from '../../../../../server/request-body';
import { toInvitationRow } from '../../../../../server/organisations/organisation-views';

const body = inviteSchema();

export const POST = handler<{ orgId: string }>(async (request, { params }) => {
  const user = await requireApiUser(request);
  const orgId = requireRouteId('org', params.orgId);
  await authorizeOrganisation(user.id, orgId, 'members');
  const input = parseBody(body, await readJson(request));
  // No locale: the e-mail goes out in the organisation's default language.
  const { invitation } = await organisationClientAs(user.id).inviteMember({
    organisationId: orgId,
    ...input,
    locale: '',
  });
  if (!invitation) throw new Error('identity answered without an invitation');
  return NextResponse.json({ invitation: toInvitationRow(invitation) }, { status: 201 });
});
