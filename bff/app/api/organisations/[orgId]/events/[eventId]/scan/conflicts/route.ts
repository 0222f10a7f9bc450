// GET /api/organisations/{orgId}/events/{eventId}/scan/conflicts → { conflicts }, newest first: tickets admitted
// twice while a scanner was offline (permission "checkin").
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../../server/handler';
import { scanClientAs } from '../../../../../../../../server/clients/scan-client';
import { authorizeEventScan, type EventScanParams } from '../../../../../../../../server/scan/scan-requests';
import { toScanConflictView } from '../../../../../../../../server/scan/scan-views';

export const GET = handler<EventScanParams>(async (request, { params }) => {
  const { user, orgId, eventId } = await authorizeEventScan(request, params);
  const { conflicts } = await scanClientAs(user.id).listScanConflicts({ organisationId: orgId, eventId });
  return NextResponse.json({ conflicts: conflicts.map(toScanConflictView) });
});
