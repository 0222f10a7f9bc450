// POST /api/scan { secret, code, nonce, deviceId } → the scan's outcome (ScanOutcomeView), through a scan link (no
// account). The same nonce again is answered as the first time. 404 'This scan link is not valid' for an unknown or
// revoked link, 400 for a malformed body, 429 past the link's limit for this address.
import { NextResponse } from 'next/server';
import { handler } from '../../../server/handler';
import { scanClient } from '../../../server/clients/scan-client';
import {
  asScanLink,
  linkAccess,
  linkScanBody,
  readBody,
  requireScanLinkWithinLimit,
} from '../../../server/scan/scan-requests';
import { toScanOutcomeView } from '../../../server/scan/scan-views';

export const POST = handler(async (request, { config }) => {
  const { secret, code, nonce, deviceId } = await readBody(request, linkScanBody);
  await requireScanLinkWithinLimit(request, config, secret);
  const answer = await asScanLink(scanClient().scan({ access: linkAccess(secret), code, nonce, deviceId }));
  return NextResponse.json(toScanOutcomeView(answer));
});
