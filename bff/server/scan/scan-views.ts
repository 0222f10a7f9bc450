// ticketing's scanner answers as the screens receive them (web/src/lib/scan-model.ts). Dates as ISO strings ('' when
// unset). What the door sees of a ticket is its reference, item and status: never the buyer's address.
import type { Ticket, TicketEvent } from '@kassa/proto/ticketing/v1/tickets';
import type {
  CreateScanLinkResponse,
  GetOfflineKitResponse,
  OpenScannerResponse,
  ScanConflict,
  ScanCounts,
  ScanLink,
  ScanResponse,
  SyncOfflineScansResponse,
} from '@kassa/proto/ticketing/v1/scanning';
import {
  type CreatedScanLinkView,
  isScanResult,
  type OfflineKitView,
  type ScanConflictView,
  type ScanCountsView,
  type ScannedTicketView,
  type ScannerEventView,
  type ScannerOpenView,
  type ScanLinkView,
  type ScanOutcomeView,
  type SyncResultView,
} from '@kassa/web/lib/scan-model';
import { iso } from '../iso-date';

export function toScanCountsView(counts: ScanCounts | undefined): ScanCountsView {
  return { checkedIn: counts?.checkedIn ?? 0, sold: counts?.sold ?? 0 };
}

export function toScannedTicketView(ticket: Ticket | undefined): ScannedTicketView | null {
  if (!ticket) return null;
  return { reference: ticket.reference, itemName: ticket.itemName, status: ticket.status };
}

function toScannerEventView(event: TicketEvent | undefined): ScannerEventView {
  return {
    id: event?.id ?? '',
    name: event?.name ?? '',
    startsAt: iso(event?.startsAt),
    endsAt: iso(event?.endsAt),
    city: event?.city ?? '',
    status: event?.status ?? '',
  };
}

export function toScannerOpenView(answer: OpenScannerResponse): ScannerOpenView {
  return {
    event: toScannerEventView(answer.event),
    organisationId: answer.organisationId,
    deviceName: answer.deviceName,
    counts: toScanCountsView(answer.counts),
  };
}

export function toScanOutcomeView(answer: ScanResponse): ScanOutcomeView {
  return {
    // A word this BFF does not know yet is refused at the door rather than guessed at.
    result: isScanResult(answer.result) ? answer.result : 'invalid',
    ticket: toScannedTicketView(answer.ticket),
    checkedInAt: iso(answer.checkedInAt),
    checkedInByDevice: answer.checkedInByDevice,
    counts: answer.counts ? toScanCountsView(answer.counts) : null,
  };
}

export function toOfflineKitView(answer: GetOfflineKitResponse): OfflineKitView {
  return {
    eventId: answer.eventId,
    keys: answer.keys.map(({ keyId, publicKey }) => ({ keyId, publicKey })),
    tickets: answer.tickets.map((ticket) => ({
      id: ticket.id,
      reference: ticket.reference,
      status: ticket.status,
      itemName: ticket.itemName,
      checkedInAt: iso(ticket.checkedInAt),
      checkedInByDevice: ticket.checkedInByDevice,
    })),
    revokedTicketIds: [...answer.revokedTicketIds],
    generatedAt: iso(answer.generatedAt),
    counts: toScanCountsView(answer.counts),
    nextPageToken: answer.pageInfo?.nextPageToken ?? '',
  };
}

export function toSyncResultView(answer: SyncOfflineScansResponse): SyncResultView {
  return {
    outcomes: answer.outcomes.map((outcome) => ({
      nonce: outcome.nonce,
      outcome: outcome.outcome,
      reference: outcome.reference,
      checkedInAt: iso(outcome.checkedInAt),
      checkedInByDevice: outcome.checkedInByDevice,
    })),
    counts: answer.counts ? toScanCountsView(answer.counts) : null,
  };
}

export function toScanLinkView(link: ScanLink): ScanLinkView {
  return {
    id: link.id,
    eventId: link.eventId,
    name: link.name,
    createdBy: link.createdBy,
    createdAt: iso(link.createdAt),
    revokedAt: iso(link.revokedAt),
    lastUsedAt: iso(link.lastUsedAt),
    checkIns: link.checkIns,
    expiresAt: iso(link.expiresAt),
    revokedReason: link.revokedReason,
  };
}

export function toCreatedScanLinkView(answer: CreateScanLinkResponse): CreatedScanLinkView {
  if (!answer.link) throw new Error('ticketing answered CreateScanLink without a link');
  return { link: toScanLinkView(answer.link), secret: answer.secret };
}

export function toScanConflictView(conflict: ScanConflict): ScanConflictView {
  return {
    ticketId: conflict.ticketId,
    reference: conflict.reference,
    firstCheckedInAt: iso(conflict.firstCheckedInAt),
    firstDevice: conflict.firstDevice,
    secondCheckedInAt: iso(conflict.secondCheckedInAt),
    secondDevice: conflict.secondDevice,
    recordedAt: iso(conflict.recordedAt),
  };
}
