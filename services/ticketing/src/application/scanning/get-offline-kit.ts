import { IsolationLevel } from '@mikro-orm/core';
import type { CallContext } from '@kassa/platform/grpc';
import type { GetOfflineKitRequest, GetOfflineKitResponse } from '@kassa/proto/ticketing/v1/scanning';
import { offlineTicketStatus, revokedTicketIds } from '../../domain/offline-kit';
import { loadKitTickets } from '../../persistence/scanning/offline-kit.repository';
import type { ScanningDeps } from '../scanning-deps';
import { resolveScanner, scanCounts } from './scanner-access';

/**
 * Everything a scanner needs to go on offline: the organisation's verification keys (raw Ed25519, base64url), every
 * ticket granting the event with its status there, the revocation list and the counts, read in one snapshot
 * (repeatable read) so the list and the counts agree.
 */
export async function getOfflineKit(
  deps: ScanningDeps,
  call: Pick<CallContext, 'actor'>,
  request: GetOfflineKitRequest,
): Promise<GetOfflineKitResponse> {
  const scanner = await resolveScanner(deps, deps.orm.em.fork(), call, request.access, request.deviceId);
  const keys = await deps.keys.publicKeysOf(scanner.organisationId);
  const generatedAt = deps.now();
  const { tickets, counts } = await deps.orm.em.fork().transactional(
    async (em) => ({
      tickets: await loadKitTickets(em, scanner.organisationId, scanner.eventId),
      counts: await scanCounts(em, scanner),
    }),
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  );
  const offline = tickets.map((ticket) => ({
    id: ticket.id,
    reference: ticket.reference,
    status: offlineTicketStatus(ticket.status, ticket.checkedInAt),
    itemName: ticket.itemName,
    checkedInAt: ticket.checkedInAt ?? undefined,
    checkedInByDevice: ticket.checkedInDevice ?? '',
  }));
  return {
    eventId: scanner.eventId,
    keys: keys.map((key) => ({ keyId: key.keyId, publicKey: key.publicKey })),
    tickets: offline,
    revokedTicketIds: revokedTicketIds(tickets),
    generatedAt,
    counts,
  };
}
