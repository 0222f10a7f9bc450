// What a scan at an entrance means for one ticket. Pure: the use case reads the ticket, asks here, and then lets
// the conditional UPDATE of ticket_access settle a "valid" decision against scanners racing for the same ticket.

/** The spec's words for a scan's outcome (ScanResponse.result). */
export const SCAN_RESULTS = ['valid', 'already_used', 'canceled', 'unpaid', 'wrong_event', 'invalid'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

/** A ticket's admission to one event, as stored (ticket_access). */
export interface ScannedAccess {
  eventId: string;
  checkedInAt: Date | null;
  /** The name of the device that admitted it. */
  checkedInDevice: string | null;
}

/** What a scan needs to know of the ticket a code or reference named. */
export interface ScannedTicket {
  organisationId: string;
  /** "reserved", "created", "used" or "canceled". */
  status: string;
  access: readonly ScannedAccess[];
}

/** Where the scan happens. */
export interface ScanPoint {
  organisationId: string;
  eventId: string;
}

export type ScanDecision =
  | { result: 'invalid' }
  | { result: 'canceled' }
  | { result: 'unpaid' }
  | { result: 'wrong_event' }
  | { result: 'already_used'; checkedInAt: Date; device: string }
  /** Admissible: the caller tries the check-in, which may still find it taken by a racing scanner. */
  | { result: 'valid' };

/**
 * Decides a scan. `ticket` is null when the code or reference names nothing this scanner may know of (unreadable,
 * forged, signed with an unknown key, re-issued since, or not issued at all). Another organisation's ticket is
 * "invalid" too, exactly like an unknown one, so a reference typed at the wrong organisation's door reveals nothing.
 * Order: a canceled ticket is refused as canceled wherever it is scanned (that is what the door must know), then an
 * unpaid one, then one that does not grant this event, then one already admitted here.
 */
export function decideScan(ticket: ScannedTicket | null, at: ScanPoint): ScanDecision {
  if (!ticket || ticket.organisationId !== at.organisationId) return { result: 'invalid' };
  if (ticket.status === 'canceled') return { result: 'canceled' };
  if (ticket.status === 'reserved') return { result: 'unpaid' };
  if (ticket.status !== 'created' && ticket.status !== 'used') return { result: 'invalid' };
  const access = ticket.access.find((entry) => entry.eventId === at.eventId);
  if (!access) return { result: 'wrong_event' };
  if (access.checkedInAt)
    return { result: 'already_used', checkedInAt: access.checkedInAt, device: access.checkedInDevice ?? '' };
  return { result: 'valid' };
}

/** Whether a ticket is checked in at every event it grants (it then becomes "used"). */
export function isFullyCheckedIn(access: readonly Pick<ScannedAccess, 'checkedInAt'>[]): boolean {
  return access.length > 0 && access.every((entry) => entry.checkedInAt !== null);
}
