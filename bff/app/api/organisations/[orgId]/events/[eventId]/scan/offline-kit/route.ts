// GET /api/organisations/{orgId}/events/{eventId}/scan/offline-kit?deviceId=dev_…&pageToken=… → the offline kit
// (public keys, the event's tickets, revoked ids) for a member's scanner (permission "checkin"), a page at a time
// with pageToken ('' for the first).
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../../server/handler';
import { KIT_CALL, scanClientAs } from '../../../../../../../../server/clients/scan-client';
import {
  authorizeEventScan,
  deviceIdFromQuery,
  type EventScanParams,
  kitPage,
  kitPageTokenFromQuery,
} from '../../../../../../../../server/scan/scan-requests';
import { toOfflineKitView } from '../../../../../../../../server/scan/scan-views';

export const GET = handler<EventScanParams>(async (request, { params }) => {
  const { user, access } = await authorizeEventScan(request, params);
  const deviceId = deviceIdFromQuery(request);
  const pageToken = kitPageTokenFromQuery(request);
  const answer = await scanClientAs(user.id).getOfflineKit({ access, deviceId, page: kitPage(pageToken) }, KIT_CALL);
  return NextResponse.json(toOfflineKitView(answer));
});
