// The entrance scanner's data as the screens receive it from the BFF, and what they send back. Dates travel as ISO
// strings ('' when unset), like the other models. The same shapes serve both ways in (a member's scanner and a
// scan link), so one scanner runs on either.

/** ScanResponse.result: the spec's words for a scan's outcome. */
export const SCAN_RESULTS = ['valid', 'already_used', 'canceled', 'unpaid', 'wrong_event', 'invalid'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

export function isScanResult(value: unknown): value is ScanResult {
  return typeof value === 'string' && (SCAN_RESULTS as readonly string[]).includes(value);
}

/** OfflineScanOutcome.outcome: "admitted", "conflict" or a rejection named like a scan result. */
export const OFFLINE_OUTCOMES = ['admitted', 'conflict', 'canceled', 'unpaid', 'wrong_event', 'invalid'] as const;
export type OfflineOutcome = (typeof OFFLINE_OUTCOMES)[number];

/** Checked in at the event, of the valid or used tickets granting it. */
export interface ScanCountsView {
  checkedIn: number;
  sold: number;
}

/** What the door may see of a scanned ticket (never the buyer's address). */
export interface ScannedTicketView {
  reference: string;
  itemName: string;
  /** "reserved", "created", "used" or "canceled". */
  status: string;
}

/** One scan's answer. */
export interface ScanOutcomeView {
  result: ScanResult;
  ticket: ScannedTicketView | null;
  /** For "valid" now, for "already_used" the first check-in; '' otherwise. */
  checkedInAt: string;
  /** For "already_used": the device that admitted it first. */
  checkedInByDevice: string;
  counts: ScanCountsView | null;
}

export interface ScannerEventView {
  id: string;
  name: string;
  startsAt: string;
  endsAt: string;
  city: string;
  /** "draft", "live", "ended" or "deleted". */
  status: string;
}

/** What a scanner opens with. */
export interface ScannerOpenView {
  event: ScannerEventView;
  organisationId: string;
  /** The device's name as check-ins record it (the link's name, or the member's device). */
  deviceName: string;
  counts: ScanCountsView;
}

export interface OfflineTicketView {
  id: string;
  reference: string;
  /** "reserved", "created", "used" (checked in at this event) or "canceled". */
  status: string;
  itemName: string;
  checkedInAt: string;
  checkedInByDevice: string;
}

export interface VerificationKeyView {
  keyId: string;
  /** Raw 32-byte Ed25519 public key, base64url. */
  publicKey: string;
}

/** Everything needed to verify and admit without the network. */
export interface OfflineKitView {
  eventId: string;
  keys: VerificationKeyView[];
  tickets: OfflineTicketView[];
  revokedTicketIds: string[];
  generatedAt: string;
  counts: ScanCountsView;
  /** A page of the kit: the token of the next ('' on the last, and for a kit fetched whole). */
  nextPageToken: string;
}

/** One check-in made offline, as uploaded. */
export interface OfflineScanInput {
  nonce: string;
  code: string;
  scannedAt: string;
}

export interface OfflineOutcomeView {
  nonce: string;
  outcome: OfflineOutcome | string;
  reference: string;
  checkedInAt: string;
  checkedInByDevice: string;
}

export interface SyncResultView {
  outcomes: OfflineOutcomeView[];
  counts: ScanCountsView | null;
}

/** A scan link as the organiser sees it (never its secret). */
export interface ScanLinkView {
  id: string;
  eventId: string;
  name: string;
  createdBy: string;
  createdAt: string;
  revokedAt: string;
  lastUsedAt: string;
  checkIns: number;
  /** '' for a link that does not expire. */
  expiresAt: string;
  /** Why ticketing revoked it: 'member_removed', 'member_lost_checkin'; '' when the organiser did or it is active. */
  revokedReason: string;
}

/** A new link and its secret, shown once. */
export interface CreatedScanLinkView {
  link: ScanLinkView;
  secret: string;
}

/** A ticket admitted twice, once offline. */
export interface ScanConflictView {
  ticketId: string;
  reference: string;
  firstCheckedInAt: string;
  firstDevice: string;
  secondCheckedInAt: string;
  secondDevice: string;
  recordedAt: string;
}

/** Path of the public scanner page for a link's secret (the site's default locale has no prefix). */
export function scanLinkPath(secret: string): string {
  return `/scan/${secret}`;
}

/** The cookie mirroring the scanner's device id (set by the scanner page's script, read by its server render). */
export const SCAN_DEVICE_COOKIE = 'kassa_scan_device';
