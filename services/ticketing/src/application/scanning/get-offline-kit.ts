import { IsolationLevel } from '@mikro-orm/core';
import type { CallContext } from '@kassa/platform/grpc';
import { keysetPageOf, readKeysetPage } from '@kassa/platform/paging';
import type { GetOfflineKitRequest, GetOfflineKitResponse } from '@kassa/proto/ticketing/v1/scanning';
import { offlineTicketStatus, revokedTicketIds } from '../../domain/offline-kit';
import { type KitTicketRow, loadKitTickets } from '../../persistence/scanning/offline-kit.repository';
import type { ScanningDeps } from '../scanning-deps';
import { resolveScanner, scanCounts } from './scanner-access';

/**
 * A page of about 5,000 tickets is ~0.8 MB of JSON at the BFF: a phone parses it in well under a second, and a
 * 50,000-ticket kit is ten requests, none of which holds the whole kit in any process.
 */
export const OFFLINE_KIT_PAGE_SIZES = { default: 5_000, max: 10_000 } as const;

/**
 * Everything a scanner needs to go on offline: the organisation's verification keys (raw Ed25519, base64url), every
 * ticket granting the event with its status there, the revocation list and the counts, read in one snapshot
 * (repeatable read) so the list and the counts agree. With `page`, a page of tickets in id order (keyset: every page
 * costs the same, however deep); each page is its own snapshot, so a ticket that changes while a scanner pages is
 * shown as its page saw it, and the scanner's next kit (or its online scan) has the rest.
 */
export async function getOfflineKit(
  deps: ScanningDeps,
  call: Pick<CallContext, 'actor'>,
  request: GetOfflineKitRequest,
): Promise<GetOfflineKitResponse> {
  const scanner = await resolveScanner(deps, deps.orm.em.fork(), call, request.access, request.deviceId);
  const keys = await deps.keys.publicKeysOf(scanner.organisationId);
  const page = request.page ? readKeysetPage(request.page, 'tkt', OFFLINE_KIT_PAGE_SIZES) : undefined;
  const generatedAt = deps.now();
  const read = await deps.orm.em.fork().transactional(
    async (em) => ({
      tickets: await loadKitTickets(
        em,
        scanner.organisationId,
        scanner.eventId,
        page ? { after: page.after, limit: page.limit + 1 } : 'all',
      ),
      counts: await scanCounts(em, scanner),
    }),
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  );
  const { counts } = read;
  const { rows: tickets, pageInfo } = page
    ? keysetPageOf(page, read.tickets, (ticket: KitTicketRow) => ticket.id)
    : { rows: read.tickets, pageInfo: undefined };
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
    pageInfo,
  };
}
