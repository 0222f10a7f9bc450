// The event's scan links (permission "checkin"):
//   GET  …/scan-links → { links }, newest first (never their secrets)
//   POST …/scan-links { name, expiresAt? } → { link, secret }: the secret is answered this once, for the
//   `/scan/{secret}` address; expiresAt (ISO) makes the link stop scanning then.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../server/handler';
import { scanClientAs } from '../../../../../../../server/clients/scan-client';
import {
  authorizeEventScan,
  createScanLinkBody,
  type EventScanParams,
  readBody,
} from '../../../../../../../server/scan/scan-requests';
import { toCreatedScanLinkView, toScanLinkView } from '../../../../../../../server/scan/scan-views';

export const GET = handler<EventScanParams>(async (request, { params }) => {
  const { user, orgId, eventId } = await authorizeEventScan(request, params);
  const { links } = await scanClientAs(user.id).listScanLinks({ organisationId: orgId, eventId });
  return NextResponse.json({ links: links.map(toScanLinkView) });
});

export const POST = handler<EventScanParams>(async (request, { params }) => {
  const { user, orgId, eventId } = await authorizeEventScan(request, params);
  const { name, expiresAt } = await readBody(request, createScanLinkBody);
  const answer = await scanClientAs(user.id).createScanLink({ organisationId: orgId, eventId, name, expiresAt });
  return NextResponse.json(toCreatedScanLinkView(answer), { status: 201 });
});
