import type { CallContext } from '@kassa/platform/grpc';
import type { OpenScannerRequest, OpenScannerResponse } from '@kassa/proto/ticketing/v1/scanning';
import { loadEvents } from '../../persistence/event.repository';
import type { ScanningDeps } from '../scanning-deps';
import { toTicketEvent } from '../ticket-views';
import { checkRequest } from '../ticket-records';
import { resolveScanner, scanCounts } from './scanner-access';

/**
 * What a scanner opens with: its event (named in the scanner's language), the organisation, the name its check-ins
 * will carry, and the live counts. PERMISSION_DENIED for an unknown or revoked link or a member without "checkin".
 */
export async function openScanner(
  deps: ScanningDeps,
  call: Pick<CallContext, 'actor'>,
  request: OpenScannerRequest,
): Promise<OpenScannerResponse> {
  const locale = checkRequest({}, request.locale);
  const em = deps.orm.em.fork();
  const scanner = await resolveScanner(deps, em, call, request.access, request.deviceId);
  const events = await loadEvents(em, [scanner.eventId]);
  return {
    event: toTicketEvent(scanner.eventId, events.get(scanner.eventId), locale),
    organisationId: scanner.organisationId,
    deviceName: scanner.deviceName,
    counts: await scanCounts(em, scanner),
  };
}
