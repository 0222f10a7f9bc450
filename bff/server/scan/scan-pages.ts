// What the two scanner pages read on the server: the scanner as ticketing opens it for this device, and for members
// the event's scan links and conflicts. When ticketing cannot be reached the page still renders, with nothing opened,
// so that a device that scanned here before carries on from its offline kit.
import { randomBytes } from 'node:crypto';
import { isGrpcCallError, status } from '@kassa/platform/grpc';
import {
  SCAN_DEVICE_COOKIE,
  type ScanConflictView,
  type ScannerOpenView,
  type ScanLinkView,
} from '@kassa/web/lib/scan-model';
import { isDeviceId } from '@kassa/web/lib/scan-rules';
import { cookies } from 'next/headers';
import { forbidden, notFound } from 'next/navigation';
import { scanClient, scanClientAs } from '../clients/scan-client';
import { isInvalidLinkError, linkAccess, memberAccess } from './scan-requests';
import { toScanConflictView, toScanLinkView, toScannerOpenView } from './scan-views';

/** The device id the browser keeps (mirrored in a cookie by the scanner), or a new one it will adopt. */
export async function scannerDeviceId(): Promise<string> {
  const kept = (await cookies()).get(SCAN_DEVICE_COOKIE)?.value;
  return isDeviceId(kept) ? kept : `dev_${randomBytes(16).toString('base64url')}`;
}

function isUnreachable(error: unknown): boolean {
  return isGrpcCallError(error) && (error.code === status.UNAVAILABLE || error.code === status.DEADLINE_EXCEEDED);
}

/** A link's scanner; an unknown or revoked link is the page's 404 ("This scan link is not valid"). */
export async function openLinkScanner(
  secret: string,
  deviceId: string,
  locale: string,
): Promise<ScannerOpenView | null> {
  try {
    return toScannerOpenView(await scanClient().openScanner({ access: linkAccess(secret), deviceId, locale }));
  } catch (error) {
    if (isInvalidLinkError(error)) notFound();
    if (isUnreachable(error)) return null;
    throw error;
  }
}

/** A member's scanner for the event (identity already said the member may check in). */
export async function openMemberScanner(
  userId: string,
  orgId: string,
  eventId: string,
  deviceId: string,
  locale: string,
): Promise<ScannerOpenView | null> {
  try {
    return toScannerOpenView(
      await scanClientAs(userId).openScanner({ access: memberAccess(orgId, eventId), deviceId, locale }),
    );
  } catch (error) {
    if (isGrpcCallError(error) && error.code === status.NOT_FOUND) notFound();
    if (isGrpcCallError(error) && error.code === status.PERMISSION_DENIED) forbidden();
    if (isUnreachable(error)) return null;
    throw error;
  }
}

/** The event's scan links and conflicts; empty lists while ticketing is unreachable (the panels can reload). */
export async function loadScanManagement(
  userId: string,
  orgId: string,
  eventId: string,
): Promise<{ links: ScanLinkView[]; conflicts: ScanConflictView[] }> {
  const scans = scanClientAs(userId);
  const tolerate = <T>(call: Promise<T>, fallback: T): Promise<T> =>
    call.catch((error: unknown) => {
      if (isUnreachable(error)) return fallback;
      throw error;
    });
  const [links, conflicts] = await Promise.all([
    tolerate(scans.listScanLinks({ organisationId: orgId, eventId }), { links: [] }),
    tolerate(scans.listScanConflicts({ organisationId: orgId, eventId }), { conflicts: [] }),
  ]);
  return { links: links.links.map(toScanLinkView), conflicts: conflicts.conflicts.map(toScanConflictView) };
}
