// The member's scanner for one event (permission "checkin"; ticketing authorises again):
//   GET  …/scan?deviceId=dev_…&locale=en → the event, the device's name and the live counts
//   POST …/scan { code, nonce, deviceId } → the scan's outcome; the same nonce again is answered as the first time.
import { NextResponse } from 'next/server';
import { handler } from '../../../../../../../server/handler';
import { scanClientAs } from '../../../../../../../server/clients/scan-client';
import {
  authorizeEventScan,
  deviceIdFromQuery,
  type EventScanParams,
  readBody,
  scanBody,
  scanLocale,
} from '../../../../../../../server/scan/scan-requests';
import { toScannerOpenView, toScanOutcomeView } from '../../../../../../../server/scan/scan-views';

export const GET = handler<EventScanParams>(async (request, { params }) => {
  const { user, access } = await authorizeEventScan(request, params);
  const deviceId = deviceIdFromQuery(request);
  const locale = scanLocale(request.nextUrl.searchParams.get('locale'));
  return NextResponse.json(toScannerOpenView(await scanClientAs(user.id).openScanner({ access, deviceId, locale })));
});

export const POST = handler<EventScanParams>(async (request, { params }) => {
  const { user, access } = await authorizeEventScan(request, params);
  const { code, nonce, deviceId } = await readBody(request, scanBody);
  return NextResponse.json(toScanOutcomeView(await scanClientAs(user.id).scan({ access, code, nonce, deviceId })));
});
