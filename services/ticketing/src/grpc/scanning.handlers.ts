import type { AsyncHandlers } from '@kassa/platform/grpc';
import { ScanServiceService } from '@kassa/proto/ticketing/v1/scanning';
import type { ScanningOptions } from '../application/scanning/admission';
import { createScanLink } from '../application/scanning/create-scan-link';
import { getOfflineKit } from '../application/scanning/get-offline-kit';
import { listScanConflicts } from '../application/scanning/list-scan-conflicts';
import { listScanLinks } from '../application/scanning/list-scan-links';
import { openScanner } from '../application/scanning/open-scanner';
import { revokeScanLink } from '../application/scanning/revoke-scan-link';
import { scanTicket } from '../application/scanning/scan-ticket';
import { syncOfflineScans } from '../application/scanning/sync-offline-scans';
import type { ScanningDeps } from '../application/scanning-deps';

export const scanService = ScanServiceService;

/**
 * The ScanService surface onto the scanning use cases. Every call passes its call context: organiser calls and
 * members' scanners are authorised with identity (the BFF's actor metadata), link scanners by their secret.
 * Errors become statuses in the platform's server (toGrpcError). `options` is for tests only (app.ts passes none).
 */
export function createScanningHandlers(
  deps: ScanningDeps,
  options: ScanningOptions = {},
): AsyncHandlers<typeof ScanServiceService> {
  return {
    createScanLink: (request, call) => createScanLink(deps, call, request),
    listScanLinks: (request, call) => listScanLinks(deps, call, request),
    revokeScanLink: (request, call) => revokeScanLink(deps, call, request),
    openScanner: (request, call) => openScanner(deps, call, request),
    scan: (request, call) => scanTicket(deps, call, request, options),
    getOfflineKit: (request, call) => getOfflineKit(deps, call, request),
    syncOfflineScans: (request, call) => syncOfflineScans(deps, call, request, options),
    listScanConflicts: (request, call) => listScanConflicts(deps, call, request),
  };
}
