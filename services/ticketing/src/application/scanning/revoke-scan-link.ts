import { LockMode } from '@mikro-orm/core';
import type { CallContext } from '@kassa/platform/grpc';
import { NotFoundError, Violations } from '@kassa/platform/errors';
import type { RevokeScanLinkRequest, RevokeScanLinkResponse } from '@kassa/proto/ticketing/v1/scanning';
import { loadLinkUse } from '../../persistence/scanning/check-in.repository';
import { ScanLinkEntity } from '../../persistence/scanning/scanning.entities';
import { CHECKIN } from '../ticketing-context';
import type { ScanningDeps } from '../scanning-deps';
import { toScanLink } from './scan-link-records';

/**
 * Revokes a link at once: from this commit on its secret scans nothing. Idempotent: a revoked link is answered as
 * it is, with its first revocation time. Permission "checkin"; another organisation's link is NOT_FOUND.
 */
export async function revokeScanLink(
  deps: ScanningDeps,
  call: Pick<CallContext, 'actor'>,
  request: RevokeScanLinkRequest,
): Promise<RevokeScanLinkResponse> {
  const ids = new Violations();
  ids.id('organisationId', request.organisationId, 'org');
  ids.id('linkId', request.linkId, 'scl');
  ids.throwIfAny();
  const actor = await deps.authorizer.authorize(call, request.organisationId, CHECKIN);
  const { link, use } = await deps.orm.em.fork().transactional(async (em) => {
    const row = await em.findOne(
      ScanLinkEntity,
      { id: request.linkId, organisationId: request.organisationId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!row) throw new NotFoundError('Scan link not found');
    if (!row.revokedAt) row.revokedAt = deps.now();
    return { link: row, use: (await loadLinkUse(em, [row.id])).get(row.id) };
  });
  deps.logger.info({ linkId: link.id, organisationId: link.organisationId, by: actor.userId }, 'scan link revoked');
  return { link: toScanLink(link, use) };
}
