// POST /api/organisations/{orgId}/events/{eventId}/scan/sync { deviceId, scans: [{ nonce, code, scannedAt }] } (at
// most 1,000) → one outcome per scan and the live counts, for a member's scanner. Idempotent per nonce.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../../server/handler';
import { scansAs, SYNC_CALL } from '../../../../../../../../server/scan-client';
import { authorizeEventScan, type EventScanParams, readBody, syncBody } from '../../../../../../../../server/scan-requests';
import { toSyncResultView } from '../../../../../../../../server/scan-views';

export const POST = handler<EventScanParams>(async (request, { params }) => {
  const { user, access } = await authorizeEventScan(request, params);
  const { deviceId, scans } = await readBody(request, syncBody);
  const answer = await scansAs(user.id).syncOfflineScans(
    { access, deviceId, scans: scans.map((scan) => ({ ...scan, scannedAt: new Date(scan.scannedAt) })) },
    SYNC_CALL,
  );
  return NextResponse.json(toSyncResultView(answer));
});
