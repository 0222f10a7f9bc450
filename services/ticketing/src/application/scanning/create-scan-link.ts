import type { CallContext } from '@kassa/platform/grpc';
import { Violations } from '@kassa/platform/errors';
import { newId, randomToken } from '@kassa/platform/ids';
import type { CreateScanLinkRequest, CreateScanLinkResponse } from '@kassa/proto/ticketing/v1/scanning';
import { checkScanLinkExpiry, checkScanLinkName, SCAN_LINK_SECRET_BYTES } from '../../domain/scan-link';
import { ScanLinkEntity } from '../../persistence/scanning/scanning.entities';
import { CHECKIN } from '../ticketing-context';
import type { ScanningDeps } from '../scanning-deps';
import { assertEventOfOrganisation, hashScanLinkSecret, toScanLink } from './scan-link-records';

/**
 * Makes a named scan link for one of the organisation's events. Permission "checkin". The secret (32 random bytes,
 * base64url: the 43 characters of `/scan/{hash}`) is answered here once; only its SHA-256 is stored.
 */
export async function createScanLink(
  deps: ScanningDeps,
  call: Pick<CallContext, 'actor'>,
  request: CreateScanLinkRequest,
): Promise<CreateScanLinkResponse> {
  const ids = new Violations();
  ids.id('organisationId', request.organisationId, 'org');
  ids.id('eventId', request.eventId, 'evt');
  ids.throwIfAny();
  const actor = await deps.authorizer.authorize(call, request.organisationId, CHECKIN);
  const violations = new Violations();
  const name = checkScanLinkName(violations, request.name);
  const expiresAt = checkScanLinkExpiry(violations, request.expiresAt, deps.now());
  violations.throwIfAny();

  const secret = randomToken(SCAN_LINK_SECRET_BYTES);
  const link = await deps.orm.em.fork().transactional(async (em) => {
    await assertEventOfOrganisation(em, request.organisationId, request.eventId);
    const row = em.create(ScanLinkEntity, {
      id: newId('scl'),
      organisationId: request.organisationId,
      eventId: request.eventId,
      name,
      secretHash: hashScanLinkSecret(secret),
      createdBy: actor.userId,
      createdAt: deps.now(),
      revokedAt: null,
      revokedReason: '',
      expiresAt,
    });
    em.persist(row);
    return row;
  });
  deps.logger.info(
    { linkId: link.id, organisationId: link.organisationId, eventId: link.eventId },
    'scan link created',
  );
  return { link: toScanLink(link, undefined), secret };
}
