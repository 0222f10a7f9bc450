// How check-ins a scanner made offline are merged into the server's state when it uploads them.
//
// Rules:
// - Each uploaded scan is decided exactly like an online scan at that moment (scan-decision.ts).
// - A ticket still open here is checked in at the time the device admitted it ("admitted", offline = true).
// - A ticket already checked in here (by another device, online or synced earlier, or earlier in the same upload)
//   is a conflict: the first recorded admission stays the one that counts, and the second is recorded beside it
//   for the organiser — never dropped, never overwriting. It is the first *recorded*, not the earliest scanned,
//   because the door already acted on it and the attendee's ticket page already says so.
// - A ticket that became canceled, or was never valid here, is answered with the online rejection; nothing is
//   recorded beyond the answer, which the device shows so that the door can follow up on it.
// - The same nonce is answered as the first time (the caller keeps the answer by nonce).
// - A nonce that an online scan from the same device already decided (the answer was lost on its way back, so the
//   device admitted offline under that nonce) is answered from that decision: "valid" was the admission itself, and
//   "already_used" means the door let someone in on a used ticket — a conflict, recorded like any other.
import type { ScanDecision } from './scan-decision';

/** OfflineScanOutcome.outcome. */
export const OFFLINE_OUTCOMES = ['admitted', 'conflict', 'canceled', 'unpaid', 'wrong_event', 'invalid'] as const;
export type OfflineOutcome = (typeof OFFLINE_OUTCOMES)[number];

export type OfflineMerge =
  | { action: 'check_in' }
  | { action: 'conflict'; first: { checkedInAt: Date; device: string } }
  | { action: 'reject'; outcome: Exclude<OfflineOutcome, 'admitted' | 'conflict'> };

/** What to do with one offline check-in, given how the ticket scans here now. */
export function mergeOfflineScan(decision: ScanDecision): OfflineMerge {
  switch (decision.result) {
    case 'valid':
      return { action: 'check_in' };
    case 'already_used':
      return { action: 'conflict', first: { checkedInAt: decision.checkedInAt, device: decision.device } };
    default:
      return { action: 'reject', outcome: decision.result };
  }
}

/**
 * When an offline check-in is recorded: the device's time, but never later than the moment we received it (a
 * device clock running ahead must not put a check-in in the future) and never unset.
 */
export function offlineCheckInTime(scannedAt: Date | undefined, receivedAt: Date): Date {
  if (!scannedAt || Number.isNaN(scannedAt.getTime())) return receivedAt;
  return scannedAt.getTime() > receivedAt.getTime() ? receivedAt : scannedAt;
}

/** The offline outcome of a check-in whose nonce an online scan from the same device already decided. */
export function outcomeOfAnsweredScan(onlineResult: string): OfflineOutcome {
  if (onlineResult === 'valid') return 'admitted';
  if (onlineResult === 'already_used') return 'conflict';
  return (OFFLINE_OUTCOMES as readonly string[]).includes(onlineResult) ? (onlineResult as OfflineOutcome) : 'invalid';
}
