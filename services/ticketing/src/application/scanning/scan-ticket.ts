import type { CallContext } from '@kassa/platform/grpc';
import { Violations } from '@kassa/platform/errors';
import { afterCommit, transactionalWithEffects } from '@kassa/platform/persistence';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ScanResponse, type ScanRequest } from '@kassa/proto/ticketing/v1/scanning';
import { checkDeviceId, checkNonce } from '../../domain/scan-link';
import { scans } from '../../metrics';
import { linkUseStatement } from '../../persistence/scanning/check-in.repository';
import { claimAndLoadScanTicket } from '../../persistence/scanning/scan-ticket.repository';
import {
  claimNonce,
  claimStatement,
  isOwnAttempt,
  loadScanAttempt,
  type ScanAttemptOwner,
  storeScanAnswerWithCounts,
} from '../../persistence/scanning/scan-attempt.repository';
import type { ScanningDeps } from '../scanning-deps';
import { acceptNamed, admit, keysForScans, nameTicket, scannerTicketView, type ScanningOptions } from './admission';
import { resolveScanner, scanCounts, type Scanner } from './scanner-access';

/**
 * Scans one code or typed reference at the scanner's event, in one transaction:
 * 1. claims the nonce and reads the ticket the value names, one statement (a retry, even one racing the original,
 *    is answered with the stored answer, identically; the same nonce from another scanner is "invalid");
 * 2. decides the scan and, when admissible, checks the ticket in with ONE conditional update (admission.ts);
 * 3. stores the answer, with the live counts after the scan, under the nonce, and notes the link's use: one statement.
 * Each decision is counted (kassa.scans) once committed; a retry answered from its nonce is not a new decision.
 */
export async function scanTicket(
  deps: ScanningDeps,
  call: Pick<CallContext, 'actor'>,
  request: ScanRequest,
  options: ScanningOptions = {},
): Promise<ScanResponse> {
  const violations = new Violations();
  const nonce = checkNonce(violations, 'nonce', request.nonce);
  violations.string('code', request.code, { label: 'Code', required: true });
  checkDeviceId(violations, 'deviceId', request.deviceId);
  violations.throwIfAny();
  const scanner = await resolveScanner(deps, deps.orm.em.fork(), call, request.access, request.deviceId);
  const keyFor = await keysForScans(deps.keys, scanner.organisationId, [request.code]);

  return transactionalWithEffects(deps.orm.em.fork(), async (em) => {
    const now = deps.now();
    const owner: ScanAttemptOwner = {
      kind: 'scan',
      scope: scanner.scope,
      deviceId: scanner.deviceId,
      eventId: scanner.eventId,
    };
    // The nonce's claim and the ticket's read are one statement when the value names a ticket at all.
    const named = nameTicket(scanner, request.code, keyFor);
    const first = named
      ? await claimAndLoadScanTicket(em, claimStatement(nonce, owner, now), named.lookup)
      : { claimed: await claimNonce(em, nonce, owner, now), ticket: null };
    if (!first.claimed) return repeatedScan(em, scanner, nonce, owner);

    const ticket = named ? acceptNamed(scanner, named, first.ticket) : null;
    const admission = await admit(em, scanner, ticket, {
      at: now,
      now,
      offline: false,
      nonce,
      publish: deps.publish,
      checkIn: options.checkIn,
    });
    const { decision } = admission;
    afterCommit(em, () => scans.add(1, { result: decision.result, mode: 'online' }));
    const response: ScanResponse = {
      result: decision.result,
      ticket: admission.ticket && decision.result !== 'invalid' ? scannerTicketView(admission.ticket) : undefined,
      checkedInAt: decision.result === 'already_used' ? decision.checkedInAt : (admission.checkedInAt ?? undefined),
      checkedInByDevice: decision.result === 'already_used' ? decision.device : '',
      // Set by the statement that stores the answer, from the counters as this transaction leaves them.
      counts: undefined,
    };
    // Stored as the contract's JSON; this answer and every retry's are decoded from it, so they are the same message.
    const linkUse = scanner.linkId ? linkUseStatement(scanner.linkId, now, decision.result === 'valid') : null;
    const stored = await storeScanAnswerWithCounts(
      em,
      { nonce, result: response.result, response: ScanResponse.toJSON(response) },
      scanner,
      linkUse,
    );
    deps.logger.debug(
      {
        result: response.result,
        eventId: scanner.eventId,
        ticketId: admission.ticket?.ticket.id,
        device: scanner.deviceId,
      },
      'ticket scanned',
    );
    return ScanResponse.fromJSON(stored);
  });
}

async function repeatedScan(
  em: EntityManager,
  scanner: Scanner,
  nonce: string,
  owner: ScanAttemptOwner,
): Promise<ScanResponse> {
  const stored = await loadScanAttempt(em, nonce);
  if (stored && isOwnAttempt(stored, owner)) return ScanResponse.fromJSON(stored.response);
  // Someone else's nonce: tell nothing about their scan.
  return {
    result: 'invalid',
    ticket: undefined,
    checkedInAt: undefined,
    checkedInByDevice: '',
    counts: await scanCounts(em, scanner),
  };
}
