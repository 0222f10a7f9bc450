import type { CallContext } from '@kassa/platform/grpc';
import { Violations } from '@kassa/platform/errors';
import type { ListScanConflictsRequest, ListScanConflictsResponse } from '@kassa/proto/ticketing/v1/scanning';
import { listEventConflicts } from '../../persistence/scanning/scan-conflict.repository';
import { CHECKIN } from '../ticketing-context';
import type { ScanningDeps } from '../scanning-deps';
import { assertEventOfOrganisation } from './scan-link-records';

/** The event's offline conflicts, newest first, resolved or not. Permission "checkin". */
export async function listScanConflicts(
  deps: ScanningDeps,
  call: Pick<CallContext, 'actor'>,
  request: ListScanConflictsRequest,
): Promise<ListScanConflictsResponse> {
  const ids = new Violations();
  ids.id('organisationId', request.organisationId, 'org');
  ids.id('eventId', request.eventId, 'evt');
  ids.throwIfAny();
  await deps.authorizer.authorize(call, request.organisationId, CHECKIN);
  const em = deps.orm.em.fork();
  await assertEventOfOrganisation(em, request.organisationId, request.eventId);
  const rows = await listEventConflicts(em, request.organisationId, request.eventId);
  return {
    conflicts: rows.map((row) => ({
      ticketId: row.ticketId,
      reference: row.reference,
      firstCheckedInAt: row.firstCheckedInAt,
      firstDevice: row.firstDevice,
      secondCheckedInAt: row.secondCheckedInAt,
      secondDevice: row.secondDevice,
      recordedAt: row.recordedAt,
    })),
  };
}
