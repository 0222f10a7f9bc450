// POST /api/scan/offline-kit { secret, deviceId, pageToken? } → the offline kit (public keys, the event's tickets,
// revoked ids), through a scan link, a page at a time with pageToken ('' for the first). A POST because the secret
// belongs in a body, not in a URL.
import { NextResponse } from 'next/server';
import { handler } from '../../../../server/handler';
import { KIT_CALL, scanClient } from '../../../../server/clients/scan-client';
import {
  asScanLink,
  linkAccess,
  kitPage,
  linkKitBody,
  readBody,
  requireScanLinkWithinLimit,
} from '../../../../server/scan/scan-requests';
import { toOfflineKitView } from '../../../../server/scan/scan-views';

export const POST = handler(async (request, { config }) => {
  const { secret, deviceId, pageToken } = await readBody(request, linkKitBody);
  // The kit's further pages are counted apart from the scans (requireScanLinkWithinLimit).
  await requireScanLinkWithinLimit(request, config, secret, pageToken ? 'kit-pages' : 'scans');
  const answer = await asScanLink(
    scanClient().getOfflineKit({ access: linkAccess(secret), deviceId, page: kitPage(pageToken) }, KIT_CALL),
  );
  return NextResponse.json(toOfflineKitView(answer));
});
