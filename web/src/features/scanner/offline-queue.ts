// The offline queue's pure side: what to upload next, what the server's answers mean for the queue, the kit and the
// door, and which tickets this device already admitted. Storage lives in offline-store.ts.
import type { OfflineKitView, OfflineOutcomeView, OfflineScanInput } from '../../lib/scan-model';
import { MAX_SYNC_BATCH } from '../../lib/scan-rules';
import type { LocalCheckIn } from './offline-verify';

/** A check-in made offline, waiting for upload. */
export interface QueuedScan extends OfflineScanInput {
  /** The ticket admitted ("tkt_…"), so that a second scan on this device is "already used". */
  ticketId: string;
  /** Its reference when the kit knew it, for the lists. */
  reference: string;
  /** The device's name at the time, as the kit's check-ins name devices. */
  device: string;
}

/** An offline admission the server did not simply accept: a conflict or a rejection, shown until dismissed. */
export interface SyncNotice {
  nonce: string;
  outcome: string;
  reference: string;
  scannedAt: string;
  /** For a conflict: when and where the ticket was admitted first. */
  checkedInAt: string;
  checkedInByDevice: string;
}

export interface SyncApplied {
  /** Nonces the server answered: they leave the queue. */
  done: string[];
  notices: SyncNotice[];
  /** Tickets the server now counts as checked in here (admitted, or first admitted elsewhere). */
  checkIns: LocalCheckIn[];
}

/** The oldest scans first, at most one call's worth. */
export function nextBatch(queue: readonly QueuedScan[], max: number = MAX_SYNC_BATCH): QueuedScan[] {
  return [...queue]
    .sort((a, b) => a.scannedAt.localeCompare(b.scannedAt) || a.nonce.localeCompare(b.nonce))
    .slice(0, max);
}

export function toUpload(batch: readonly QueuedScan[]): OfflineScanInput[] {
  return batch.map(({ nonce, code, scannedAt }) => ({ nonce, code, scannedAt }));
}

/**
 * Reads SyncOfflineScans' answers for one uploaded batch (matched by nonce: an answer for a nonce we did not send
 * is ignored, and a scan without an answer stays queued for the next try).
 */
export function applySyncOutcomes(batch: readonly QueuedScan[], outcomes: readonly OfflineOutcomeView[]): SyncApplied {
  const sent = new Map(batch.map((scan) => [scan.nonce, scan]));
  const applied: SyncApplied = { done: [], notices: [], checkIns: [] };
  const seen = new Set<string>();
  for (const outcome of outcomes) {
    const scan = sent.get(outcome.nonce);
    if (!scan || seen.has(outcome.nonce)) continue;
    seen.add(outcome.nonce);
    applied.done.push(scan.nonce);
    const reference = outcome.reference || scan.reference;
    if (outcome.outcome === 'admitted') {
      applied.checkIns.push({ ticketId: scan.ticketId, checkedInAt: scan.scannedAt, device: scan.device });
      continue;
    }
    if (outcome.outcome === 'conflict') {
      applied.checkIns.push({
        ticketId: scan.ticketId,
        checkedInAt: outcome.checkedInAt || scan.scannedAt,
        device: outcome.checkedInByDevice || scan.device,
      });
    }
    applied.notices.push({
      nonce: scan.nonce,
      outcome: outcome.outcome,
      reference,
      scannedAt: scan.scannedAt,
      checkedInAt: outcome.checkedInAt,
      checkedInByDevice: outcome.checkedInByDevice,
    });
  }
  return applied;
}

/** The tickets this device admitted offline and has not yet seen in a kit. */
export function localCheckIns(
  queue: readonly QueuedScan[],
  synced: readonly LocalCheckIn[] = [],
): Map<string, LocalCheckIn> {
  const map = new Map<string, LocalCheckIn>();
  for (const checkIn of synced) map.set(checkIn.ticketId, checkIn);
  for (const scan of nextBatch(queue, Number.POSITIVE_INFINITY)) {
    if (scan.ticketId && !map.has(scan.ticketId))
      map.set(scan.ticketId, { ticketId: scan.ticketId, checkedInAt: scan.scannedAt, device: scan.device });
  }
  return map;
}

/** The kit with the given check-ins applied (a synced admission marks its ticket checked in until the next kit). */
export function withCheckIns(kit: OfflineKitView, checkIns: readonly LocalCheckIn[]): OfflineKitView {
  if (checkIns.length === 0) return kit;
  const byTicket = new Map(checkIns.map((checkIn) => [checkIn.ticketId, checkIn]));
  return {
    ...kit,
    tickets: kit.tickets.map((ticket) => {
      const checkIn = byTicket.get(ticket.id);
      if (!checkIn || ticket.checkedInAt) return ticket;
      return { ...ticket, status: 'used', checkedInAt: checkIn.checkedInAt, checkedInByDevice: checkIn.device };
    }),
  };
}
