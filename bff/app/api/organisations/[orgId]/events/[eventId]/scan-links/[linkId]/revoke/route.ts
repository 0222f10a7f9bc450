// POST /api/organisations/{orgId}/events/{eventId}/scan-links/{linkId}/revoke → { link }: revoked at once (phones
// using it stop scanning); revoking again answers the same. Permission "checkin". A link that is not the event's
// answers 404: the path names the event, and another event's (or a made-up event's) must not look like a success.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../../../server/handler';
import { HttpProblem, NOT_FOUND_MESSAGE } from '../../../../../../../../../server/http-problem';
import { scanClientAs } from '../../../../../../../../../server/clients/scan-client';
import { authorizeScanLink, type ScanLinkParams } from '../../../../../../../../../server/scan/scan-requests';
import { toScanLinkView } from '../../../../../../../../../server/scan/scan-views';

export const POST = handler<ScanLinkParams>(async (request, { params }) => {
  const { user, orgId, eventId, linkId } = await authorizeScanLink(request, params);
  const scans = scanClientAs(user.id);
  const { links } = await scans.listScanLinks({ organisationId: orgId, eventId });
  if (!links.some((link) => link.id === linkId)) throw new HttpProblem(404, { message: NOT_FOUND_MESSAGE });
  const { link } = await scans.revokeScanLink({ organisationId: orgId, linkId });
  if (!link) throw new Error('ticketing answered RevokeScanLink without a link');
  return NextResponse.json({ link: toScanLinkView(link) });
});
