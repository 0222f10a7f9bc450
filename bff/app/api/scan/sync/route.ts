// POST /api/scan/sync { secret, deviceId, scans: [{ nonce, code, scannedAt }] } (at most 1,000) → one outcome per
// scan ("admitted", "conflict" or a rejection) and the live counts, through a scan link. Idempotent per nonce.
import { NextResponse } from 'next/server';
import { handler } from '../../../../server/handler';
import { scanClient, SYNC_CALL } from '../../../../server/clients/scan-client';
import {
  asScanLink,
  linkAccess,
  linkSyncBody,
  readBody,
  requireScanLinkWithinLimit,
} from '../../../../server/scan/scan-requests';
import { toSyncResultView } from '../../../../server/scan/scan-views';

export const POST = handler(async (request, { config }) => {
  const { secret, deviceId, scans } = await readBody(request, linkSyncBody);
  await requireScanLinkWithinLimit(request, config, secret);
  const answer = await asScanLink(
    scanClient().syncOfflineScans(
      {
        access: linkAccess(secret),
        deviceId,
        scans: scans.map((scan) => ({ ...scan, scannedAt: new Date(scan.scannedAt) })),
      },
      SYNC_CALL,
    ),
  );
  return NextResponse.json(toSyncResultView(answer));
});
