// The part of a scan that Scan and SyncOfflineScans share: which ticket the scanned value names, and deciding and
// admitting it inside the caller's transaction.
import type { KeyObject } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { readScanInput } from '@kassa/contracts/scan-input';
import type { Ticket } from '@kassa/proto/ticketing/v1/tickets';
import { decideScan, type ScanDecision, type ScannedTicket } from '../../domain/scan-decision';
import { parseTicketCode, verifyTicketCode } from '../../domain/ticket-code';
import {
  type CheckInRecord,
  checkInAccess,
  insertCheckIn,
  settleTicketStatus,
  undoCheckIn,
  useSingleEventTicket,
} from '../../persistence/scanning/check-in.repository';
import { loadScanTicket, type ScanTicket, type TicketLookup } from '../../persistence/scanning/scan-ticket.repository';
import type { TicketWithAccess } from '../../persistence/ticket.repository';
import type { TicketKeys } from '../ticket-keys';
import type { TicketingPublisher } from '../scanning-deps';
import { toTicket } from '../ticket-views';
import type { Scanner } from './scanner-access';

/** Looks up an organisation's verification key by key id (TicketKeys.verifierFor). */
export type KeyLookup = (keyId: string) => KeyObject | undefined;

/** The statement that admits a ticket at an event; true when this transaction admitted it. */
export type CheckInStatement = (
  em: EntityManager,
  ticketId: string,
  eventId: string,
  at: Date,
  deviceName: string,
) => Promise<boolean>;

/**
 * How the scanner's use cases check tickets in: always the conditional update in production. The race test swaps in
 * a naive read-then-write statement to show that its race fails without the guard.
 */
export interface ScanningOptions {
  checkIn?: CheckInStatement;
}

/**
 * The verification keys for scanned values: only the key ids their signed codes name are asked for (typed references
 * need none), so a scan of a code signed with a key already known reads no key.
 */
export async function keysForScans(
  keys: TicketKeys,
  organisationId: string,
  scanned: readonly string[],
): Promise<KeyLookup> {
  const keyIds = [
    ...new Set(
      scanned.flatMap((raw) => {
        const input = readScanInput(raw);
        const keyId = input.kind === 'code' ? parseTicketCode(input.code)?.keyId : undefined;
        return keyId ? [keyId] : [];
      }),
    ),
  ];
  return keyIds.length > 0 ? keys.verifierFor(organisationId, keyIds) : () => undefined;
}

/** What a scanned value names before anything is read: the lookup, and the seed a signed code carries. */
export interface NamedByScan {
  lookup: TicketLookup;
  /** A signed code's seed, which must be the ticket's current one; null for a typed reference. */
  seed: string | null;
}

/**
 * Which ticket a scanned value names, decided without the database: a signed code must verify with one of the
 * organisation's keys (so another organisation's code, a forged one and one signed with an unknown key name nothing);
 * a typed reference is looked up within the organisation. null for anything else.
 */
export function nameTicket(
  scanner: Pick<Scanner, 'organisationId'>,
  code: string,
  keyFor: KeyLookup,
): NamedByScan | null {
  const input = readScanInput(code);
  if (input.kind === 'unreadable') return null;
  if (input.kind === 'reference')
    return { lookup: { organisationId: scanner.organisationId, reference: input.reference }, seed: null };
  const verified = verifyTicketCode(input.code, keyFor);
  return verified ? { lookup: { ticketId: verified.ticketId }, seed: verified.seed } : null;
}

/** The ticket read for `named`, when this organisation issued it and (for a code) it carries the ticket's current seed. */
export function acceptNamed(
  scanner: Pick<Scanner, 'organisationId'>,
  named: NamedByScan,
  found: ScanTicket | null,
): ScanTicket | null {
  if (!found || found.ticket.organisationId !== scanner.organisationId) return null;
  // A re-issued ticket's old code names nothing.
  return named.seed === null || found.ticket.seed === named.seed ? found : null;
}

/** The ticket a scanned value names, when this organisation issued it (nameTicket, read, acceptNamed); null otherwise. */
export async function identifyTicket(
  em: EntityManager,
  scanner: Pick<Scanner, 'organisationId'>,
  code: string,
  keyFor: KeyLookup,
): Promise<ScanTicket | null> {
  const named = nameTicket(scanner, code, keyFor);
  return named ? acceptNamed(scanner, named, await loadScanTicket(em, named.lookup)) : null;
}

export function scannedTicket({ ticket, access }: TicketWithAccess): ScannedTicket {
  return {
    organisationId: ticket.organisationId,
    status: ticket.status,
    access: access.map((row) => ({
      eventId: row.eventId,
      checkedInAt: row.checkedInAt ?? null,
      checkedInDevice: row.checkedInDevice ?? null,
    })),
  };
}

/** The outcome of admitting: a "valid" decision means this transaction checked the ticket in, at `checkedInAt`. */
export interface Admission {
  decision: ScanDecision;
  /** The ticket as it is after the scan; null when the value named none. */
  ticket: ScanTicket | null;
  checkedInAt: Date | null;
}

export interface AdmitOptions {
  /** When the check-in happened: now online, the device's time offline. */
  at: Date;
  /** The transaction's clock, for updated_at. */
  now: Date;
  offline: boolean;
  nonce: string;
  /** Writes TicketCheckedIn to the outbox in this transaction. */
  publish: TicketingPublisher;
  /** checkInAccess unless a test says otherwise (ScanningOptions). */
  checkIn?: CheckInStatement;
}

// A decision can only go stale towards "not admissible" (checked in, canceled): the second look settles it.
const MAX_TRIES = 3;

/**
 * Decides the scan and, when the ticket is admissible, checks it in with the conditional update. Losing that update
 * to a racing scanner (or finding the ticket canceled under its lock) re-reads the ticket and decides again, so the
 * answer is "already_used" with the winner's time and device. On a check-in it also records the check_in row, moves
 * the ticket to "used" once every event it grants is checked in, and writes TicketCheckedIn to the outbox.
 */
export async function admit(
  em: EntityManager,
  scanner: Scanner,
  named: ScanTicket | null,
  options: AdmitOptions,
): Promise<Admission> {
  let current = named;
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    const decision = decideScan(current ? scannedTicket(current) : null, scanner);
    if (decision.result !== 'valid' || !current) return { decision, ticket: current, checkedInAt: null };
    const ticketId = current.ticket.id;
    const checkIn = options.checkIn ?? checkInAccess;
    if (await checkIn(em, ticketId, scanner.eventId, options.at, scanner.deviceName)) {
      // A ticket for this event alone: its one access row is now checked in under this transaction's lock, so it is
      // "used" unless it was voided meanwhile, and its check-in is recorded in the same statement. A pass for several
      // events needs the two-step settle, then its record.
      const onlyThisEvent = current.access.length === 1;
      const record = checkInRecord(scanner, current, options);
      const status = onlyThisEvent
        ? await useSingleEventTicket(em, record, options.now)
        : await settleTicketStatus(em, ticketId, options.now);
      if (status === 'created' || status === 'used') {
        if (!onlyThisEvent) await insertCheckIn(em, record);
        publishCheckIn(scanner, current, options, em);
        // Nothing else of a single-event ticket can have moved under the locks this transaction holds: no re-read.
        const admitted = onlyThisEvent
          ? checkedInCopy(current, status, options.at, scanner.deviceName)
          : await loadScanTicket(em, { ticketId });
        return { decision, ticket: admitted, checkedInAt: options.at };
      }
      // Voided between our read and our update: its lock says so now. The door must not admit it.
      await undoCheckIn(em, ticketId, scanner.eventId);
    }
    current = await loadScanTicket(em, { ticketId });
  }
  throw new Error(`scan of ${named?.ticket.id ?? 'a ticket'} did not settle after ${MAX_TRIES} tries`);
}

/** The ticket as this transaction left it: its status after the check-in, its one access row checked in now. */
function checkedInCopy(named: ScanTicket, status: string, at: Date, deviceName: string): ScanTicket {
  return {
    ...named,
    ticket: { ...named.ticket, status },
    access: named.access.map((row) => ({ ...row, checkedInAt: at, checkedInDevice: deviceName })),
  };
}

function checkInRecord(scanner: Scanner, named: TicketWithAccess, options: AdmitOptions): CheckInRecord {
  return {
    organisationId: scanner.organisationId,
    eventId: scanner.eventId,
    ticketId: named.ticket.id,
    deviceId: scanner.deviceId,
    deviceName: scanner.deviceName,
    linkId: scanner.linkId,
    checkedInAt: options.at,
    offline: options.offline,
    nonce: options.nonce,
  };
}

/** TicketCheckedIn into the outbox (written with the transaction's commit, no statement of its own now). */
function publishCheckIn(scanner: Scanner, named: TicketWithAccess, options: AdmitOptions, em: EntityManager): void {
  options.publish.ticketCheckedIn(em, {
    ticketId: named.ticket.id,
    organisationId: scanner.organisationId,
    eventId: scanner.eventId,
    orderId: named.ticket.orderId,
    checkedInAt: options.at,
    deviceName: scanner.deviceName,
    offline: options.offline,
  });
}

/**
 * The ticket as a scanner is shown it: reference, item, status and access, with event names in the organiser's own
 * language (a scan carries no locale), from the events read with the ticket. Never the buyer's e-mail, and never the
 * code: door staff with a link need neither, and a code read off a scanner's screen must not become a second ticket.
 */
export function scannerTicketView(named: ScanTicket): Ticket {
  return {
    ...toTicket(named, named.events, { locale: '', includeEmail: false, includeAccessKey: false }),
    code: '',
  };
}
