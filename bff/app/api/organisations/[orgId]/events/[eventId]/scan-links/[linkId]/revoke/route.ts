// POST /api/organisations/{orgId}/events/{eventId}/scan-links/{linkId}/revoke → { link }: revoked at once (phones
// using it stop scanning); revoking again answers the same. Permission "checkin".
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../../../server/handler';
import { scansAs } from '../../../../../../../../../server/scan-client';
import { authorizeScanLink, type ScanLinkParams } from '../../../../../../../../../server/scan-requests';
import { toScanLinkView } from '../../../../../../../../../server/scan-views';

export const POST = handler<ScanLinkParams>(async (request, { params }) => {
  const { user, orgId, linkId } = await authorizeScanLink(request, params);
  const { link } = await scansAs(user.id).revokeScanLink({ organisationId: orgId, linkId });
  if (!link) throw new Error('ticketing answered RevokeScanLink without a link');
  return NextResponse.json({ link: toScanLinkView(link) });
});
