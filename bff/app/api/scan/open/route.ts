// POST /api/scan/open { secret, deviceId, locale? } → the scanner's event, device name and live counts, through a
// scan link. 404 'This scan link is not valid' for an unknown or revoked link.
import { NextResponse } from 'next/server';
import { handler } from '../../../../server/handler';
import { scanClient } from '../../../../server/clients/scan-client';
import {
  asScanLink,
  linkAccess,
  linkOpenBody,
  readBody,
  requireScanLinkWithinLimit,
  scanLocale,
} from '../../../../server/scan/scan-requests';
import { toScannerOpenView } from '../../../../server/scan/scan-views';

export const POST = handler(async (request, { config }) => {
  const { secret, deviceId, locale } = await readBody(request, linkOpenBody);
  await requireScanLinkWithinLimit(request, config, secret);
  const answer = await asScanLink(
    scanClient().openScanner({ access: linkAccess(secret), deviceId, locale: scanLocale(locale) }),
  );
  return NextResponse.json(toScannerOpenView(answer));
});
