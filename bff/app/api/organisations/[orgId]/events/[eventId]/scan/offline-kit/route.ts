// GET /api/organisations/{orgId}/events/{eventId}/scan/offline-kit?deviceId=dev_… → the offline kit (public keys, the
// event's tickets, revoked ids) for a member's scanner (permission "checkin").
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../../server/handler';
import { KIT_CALL, scanClientAs } from '../../../../../../../../server/clients/scan-client';
import {
  authorizeEventScan,
  deviceIdFromQuery,
  type EventScanParams,
} from '../../../../../../../../server/scan/scan-requests';
import { toOfflineKitView } from '../../../../../../../../server/scan/scan-views';

export const GET = handler<EventScanParams>(async (request, { params }) => {
  const { user, access } = await authorizeEventScan(request, params);
  const deviceId = deviceIdFromQuery(request);
  return NextResponse.json(toOfflineKitView(await scanClientAs(user.id).getOfflineKit({ access, deviceId }, KIT_CALL)));
});
