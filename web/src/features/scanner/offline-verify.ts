// Deciding a scan without the network, from the offline kit (keys, tickets, revocation list) and the check-ins this
// device made since. The same order of reasons as ticketing's own decision (scan-decision.ts there): canceled,
// unpaid, wrong event, already used, else valid. A valid signature is proof enough that a ticket was issued, so a
// code for a ticket sold after the kit was fetched is admitted too; a reference needs the kit's ticket list.
import { readScanInput } from '@kassa/contracts/scan-input';
import type { OfflineKitView, OfflineTicketView, ScannedTicketView, ScanResult } from '../../lib/scan-model';
import { decodeBase64Url } from './base64url';
import type { SignatureVerifier } from './ed25519';
import { parseSignedCode } from './signed-code';

/** A check-in this device made offline (not yet in a kit). */
export interface LocalCheckIn {
  ticketId: string;
  checkedInAt: string;
  device: string;
}

export interface OfflineDecision {
  result: ScanResult;
  /** The ticket the code or reference named, when known: what an admission is queued for. */
  ticketId: string;
  ticket: ScannedTicketView | null;
  checkedInAt: string;
  checkedInByDevice: string;
}

const PUBLIC_KEY_BYTES = 32;

function decision(
  result: ScanResult,
  ticketId = '',
  ticket: ScannedTicketView | null = null,
  checkedInAt = '',
  device = '',
): OfflineDecision {
  return { result, ticketId, ticket, checkedInAt, checkedInByDevice: device };
}

function ticketView(ticket: OfflineTicketView): ScannedTicketView {
  return { reference: ticket.reference, itemName: ticket.itemName, status: ticket.status };
}

/** The rules once a ticket is identified and known to be genuine. */
function decideTicket(
  ticketId: string,
  ticket: OfflineTicketView | undefined,
  revoked: boolean,
  grantsEvent: boolean,
  local: ReadonlyMap<string, LocalCheckIn>,
): OfflineDecision {
  const view = ticket ? ticketView(ticket) : null;
  if (revoked || ticket?.status === 'canceled') return decision('canceled', ticketId, view);
  if (ticket?.status === 'reserved') return decision('unpaid', ticketId, view);
  if (!grantsEvent) return decision('wrong_event', ticketId, view);
  const mine = local.get(ticketId);
  if (mine) return decision('already_used', ticketId, view, mine.checkedInAt, mine.device);
  if (ticket?.checkedInAt)
    return decision('already_used', ticketId, view, ticket.checkedInAt, ticket.checkedInByDevice);
  return decision('valid', ticketId, view);
}

/**
 * Decides one scanned or typed value offline. Never throws: anything unreadable, forged, signed with a key the kit
 * does not hold, or naming no ticket of the kit is "invalid".
 */
export async function verifyOffline(
  raw: string,
  kit: OfflineKitView,
  local: ReadonlyMap<string, LocalCheckIn>,
  verify: SignatureVerifier,
): Promise<OfflineDecision> {
  const input = readScanInput(raw);
  if (input.kind === 'unreadable') return decision('invalid');

  if (input.kind === 'reference') {
    const ticket = kit.tickets.find((candidate) => candidate.reference.toUpperCase() === input.reference);
    if (!ticket) return decision('invalid');
    // The kit holds only tickets granting this event.
    return decideTicket(ticket.id, ticket, kit.revokedTicketIds.includes(ticket.id), true, local);
  }

  const code = parseSignedCode(input.code);
  if (!code) return decision('invalid');
  const key = kit.keys.find((candidate) => candidate.keyId === code.keyId);
  const publicKey = key ? decodeBase64Url(key.publicKey) : null;
  if (!publicKey || publicKey.length !== PUBLIC_KEY_BYTES) return decision('invalid');
  const genuine = await verify(code.signature, new TextEncoder().encode(code.signedText), publicKey).catch(() => false);
  if (!genuine) return decision('invalid');
  const ticket = kit.tickets.find((candidate) => candidate.id === code.ticketId);
  return decideTicket(
    code.ticketId,
    ticket,
    kit.revokedTicketIds.includes(code.ticketId),
    code.eventIds.includes(kit.eventId),
    local,
  );
}
