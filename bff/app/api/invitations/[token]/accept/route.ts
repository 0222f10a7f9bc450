// POST /api/invitations/{token}/accept → { organisationId }: the signed-in user joins. 403 when signed in with
// another address than the invited one; 404 for an unknown, used, revoked or expired link.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../server/handler';
import { HttpProblem, NOT_FOUND_MESSAGE } from '../../../../../server/http-problem';
import { requireApiUser } from '../../../../../server/organisations/organisation-access';
import { organisationClientAs } from '../../../../../server/clients/organisation-client';
import { isLinkToken } from '../../../../../server/site/page-validity';

export const POST = handler<{ token: string }>(async (request, { params }) => {
  const user = await requireApiUser(request);
  // A malformed token cannot be one identity made: the same answer as for an unknown one.
  if (!isLinkToken(params.token)) throw new HttpProblem(404, { message: NOT_FOUND_MESSAGE });
  const { organisation } = await organisationClientAs(user.id).acceptInvitation({ token: params.token });
  const organisationId = organisation?.organisation?.id;
  if (!organisationId) throw new Error('identity answered without an organisation');
  return NextResponse.json({ organisationId });
});
