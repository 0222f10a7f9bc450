import type { CallContext } from '@kassa/platform/grpc';
import { Violations } from '@kassa/platform/errors';
import type { ListScanLinksRequest, ListScanLinksResponse } from '@kassa/proto/ticketing/v1/scanning';
import { loadLinkUse } from '../../persistence/scanning/check-in.repository';
import { ScanLinkEntity } from '../../persistence/scanning/scanning.entities';
import { CHECKIN } from '../ticketing-context';
import type { ScanningDeps } from '../scanning-deps';
import { assertEventOfOrganisation, toScanLink } from './scan-link-records';

/** The event's scan links, newest first, revoked ones included (without secrets). Permission "checkin". */
export async function listScanLinks(
  deps: ScanningDeps,
  call: Pick<CallContext, 'actor'>,
  request: ListScanLinksRequest,
): Promise<ListScanLinksResponse> {
  const ids = new Violations();
  ids.id('organisationId', request.organisationId, 'org');
  ids.id('eventId', request.eventId, 'evt');
  ids.throwIfAny();
  await deps.authorizer.authorize(call, request.organisationId, CHECKIN);
  const em = deps.orm.em.fork();
  await assertEventOfOrganisation(em, request.organisationId, request.eventId);
  const rows = await em.find(
    ScanLinkEntity,
    { organisationId: request.organisationId, eventId: request.eventId },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  const use = await loadLinkUse(
    em,
    rows.map((row) => row.id),
  );
  return { links: rows.map((row) => toScanLink(row, use.get(row.id))) };
}
