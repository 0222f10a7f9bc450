import type { CallContext } from '@kassa/platform/grpc';
import { Violations, messages } from '@kassa/platform/errors';
import { afterCommit, transactionalWithEffects } from '@kassa/platform/persistence';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  OfflineScanOutcome,
  ScanResponse,
  type OfflineScan,
  type SyncOfflineScansRequest,
  type SyncOfflineScansResponse,
} from '@kassa/proto/ticketing/v1/scanning';
import { MAX_OFFLINE_SCANS } from '@kassa/contracts/scan-links';
import { mergeOfflineScan, offlineCheckInTime, outcomeOfAnsweredScan } from '../../domain/offline-merge';
import { checkDeviceId, checkNonce } from '../../domain/scan-link';
import { scans } from '../../metrics';
import { noteLinkUse } from '../../persistence/scanning/check-in.repository';
import {
  claimNonce,
  isOwnAttempt,
  loadScanAttempt,
  type ScanAttemptOwner,
  storeScanAnswer,
} from '../../persistence/scanning/scan-attempt.repository';
import type { ScanningDeps } from '../scanning-deps';
import { admit, identifyTicket, keysForScans, type KeyLookup, type ScanningOptions } from './admission';
import { recordScanConflict } from './record-scan-conflict';
import { resolveScanner, scanCounts, type Scanner } from './scanner-access';

/**
 * Merges the check-ins a scanner made offline (at most 1,000 per call), in upload order, each in its own
 * transaction and idempotent per nonce (domain/offline-merge.ts has the rules): "admitted" at the time the device
 * admitted it, "conflict" when the ticket was meanwhile admitted elsewhere (recorded for the organiser; the first
 * admission stays), or the online rejection. One transaction per scan keeps each short: a big upload never holds
 * the door's rows, and what was merged stays merged if the call is cut off (the device sends it again).
 */
export async function syncOfflineScans(
  deps: ScanningDeps,
  call: Pick<CallContext, 'actor'>,
  request: SyncOfflineScansRequest,
  options: ScanningOptions = {},
): Promise<SyncOfflineScansResponse> {
  const violations = new Violations();
  checkDeviceId(violations, 'deviceId', request.deviceId);
  if (request.scans.length > MAX_OFFLINE_SCANS) violations.add('scans', messages.tooLong('Scans'));
  else request.scans.forEach((scan, index) => checkNonce(violations, `scans.${index}.nonce`, scan.nonce));
  violations.throwIfAny();
  const scanner = await resolveScanner(deps, deps.orm.em.fork(), call, request.access, request.deviceId);
  const keyFor = await keysForScans(
    deps.keys,
    scanner.organisationId,
    request.scans.map((scan) => scan.code),
  );

  const outcomes: OfflineScanOutcome[] = [];
  for (const scan of request.scans) outcomes.push(await mergeOne(deps, scanner, keyFor, scan, options));
  const counts = await scanCounts(deps.orm.em.fork(), scanner);
  const summary = Object.fromEntries(
    ['admitted', 'conflict'].map((outcome) => [outcome, outcomes.filter((entry) => entry.outcome === outcome).length]),
  );
  deps.logger.info(
    { eventId: scanner.eventId, device: scanner.deviceId, scans: outcomes.length, ...summary },
    'offline scans synced',
  );
  return { outcomes, counts };
}

async function mergeOne(
  deps: ScanningDeps,
  scanner: Scanner,
  keyFor: KeyLookup,
  scan: OfflineScan,
  options: ScanningOptions,
): Promise<OfflineScanOutcome> {
  const nonce = scan.nonce.trim();
  return transactionalWithEffects(deps.orm.em.fork(), async (em) => {
    const now = deps.now();
    const owner: ScanAttemptOwner = {
      kind: 'offline',
      scope: scanner.scope,
      deviceId: scanner.deviceId,
      eventId: scanner.eventId,
    };
    if (!(await claimNonce(em, nonce, owner, now)))
      return repeatedOfflineScan(em, deps.publish, scanner, scan, owner, now);

    const at = offlineCheckInTime(scan.scannedAt, now);
    const named = await identifyTicket(em, scanner, scan.code, keyFor);
    const admission = await admit(em, scanner, named, {
      at,
      now,
      offline: true,
      nonce,
      publish: deps.publish,
      checkIn: options.checkIn,
    });
    const merge = mergeOfflineScan(admission.decision);
    // Counted by the door's decision, as online: admitted is "valid", a conflict "already_used". Not for a nonce
    // merged before, nor for an online scan's answer uploaded again (counted when it was made).
    afterCommit(em, () => scans.add(1, { result: admission.decision.result, mode: 'offline' }));
    const reference = admission.decision.result === 'invalid' ? '' : (admission.ticket?.ticket.reference ?? '');
    const outcome: OfflineScanOutcome = {
      nonce,
      outcome: '',
      reference,
      checkedInAt: undefined,
      checkedInByDevice: '',
    };
    if (merge.action === 'check_in') {
      outcome.outcome = 'admitted';
      outcome.checkedInAt = at;
    } else if (merge.action === 'conflict') {
      await recordScanConflict(em, deps.publish, {
        organisationId: scanner.organisationId,
        eventId: scanner.eventId,
        ticketId: admission.ticket!.ticket.id,
        first: merge.first,
        second: { checkedInAt: at, device: scanner.deviceName },
        nonce,
        recordedAt: now,
      });
      outcome.outcome = 'conflict';
      outcome.checkedInAt = merge.first.checkedInAt;
      outcome.checkedInByDevice = merge.first.device;
    } else {
      outcome.outcome = merge.outcome;
    }
    if (scanner.linkId) await noteLinkUse(em, scanner.linkId, now, merge.action === 'check_in');
    const stored = OfflineScanOutcome.toJSON(outcome);
    await storeScanAnswer(em, nonce, outcome.outcome, stored);
    return OfflineScanOutcome.fromJSON(stored);
  });
}

async function repeatedOfflineScan(
  em: EntityManager,
  publish: ScanningDeps['publish'],
  scanner: Scanner,
  scan: OfflineScan,
  owner: ScanAttemptOwner,
  now: Date,
): Promise<OfflineScanOutcome> {
  const nonce = scan.nonce.trim();
  const stored = await loadScanAttempt(em, nonce);
  if (stored && isOwnAttempt(stored, owner)) return OfflineScanOutcome.fromJSON(stored.response);
  if (stored && isOwnAttempt(stored, { ...owner, kind: 'scan' }))
    return answeredOnline(em, publish, scanner, scan, ScanResponse.fromJSON(stored.response), now);
  return { nonce, outcome: 'invalid', reference: '', checkedInAt: undefined, checkedInByDevice: '' };
}

/**
 * The device scanned online, lost the answer and admitted offline under the same nonce: the online decision stands
 * (offline-merge.ts). "already_used" becomes a recorded conflict (once: the conflict's nonce is unique).
 */
async function answeredOnline(
  em: EntityManager,
  publish: ScanningDeps['publish'],
  scanner: Scanner,
  scan: OfflineScan,
  online: ScanResponse,
  now: Date,
): Promise<OfflineScanOutcome> {
  const nonce = scan.nonce.trim();
  const outcome = outcomeOfAnsweredScan(online.result);
  const reference = outcome === 'invalid' ? '' : (online.ticket?.reference ?? '');
  if (outcome === 'admitted')
    return { nonce, outcome, reference, checkedInAt: online.checkedInAt, checkedInByDevice: '' };
  if (outcome !== 'conflict' || !online.ticket || !online.checkedInAt)
    return { nonce, outcome, reference, checkedInAt: undefined, checkedInByDevice: '' };
  await recordScanConflict(em, publish, {
    organisationId: scanner.organisationId,
    eventId: scanner.eventId,
    ticketId: online.ticket.id,
    first: { checkedInAt: online.checkedInAt, device: online.checkedInByDevice },
    second: { checkedInAt: offlineCheckInTime(scan.scannedAt, now), device: scanner.deviceName },
    nonce,
    recordedAt: now,
  });
  return { nonce, outcome, reference, checkedInAt: online.checkedInAt, checkedInByDevice: online.checkedInByDevice };
}
