// POST /api/organisations/{orgId}/events/{eventId}/scan/sync { deviceId, scans: [{ nonce, code, scannedAt }] } (at
// most 1,000) → one outcome per scan and the live counts, for a member's scanner. Idempotent per nonce.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../../server/handler';
import { scanClientAs, SYNC_CALL } from '../../../../../../../../server/clients/scan-client';
import {
  authorizeEventScan,
  type EventScanParams,
  readBody,
  syncBody,
} from '../../../../../../../../server/scan/scan-requests';
import { toSyncResultView } from '../../../../../../../../server/scan/scan-views';

export const POST = handler<EventScanParams>(async (request, { params }) => {
  const { user, access } = await authorizeEventScan(request, params);
  const { deviceId, scans } = await readBody(request, syncBody);
  const answer = await scanClientAs(user.id).syncOfflineScans(
    { access, deviceId, scans: scans.map((scan) => ({ ...scan, scannedAt: new Date(scan.scannedAt) })) },
    SYNC_CALL,
  );
  return NextResponse.json(toSyncResultView(answer));
});
