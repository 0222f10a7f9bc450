import type { CallContext } from '@kassa/platform/grpc';
import { PermissionDeniedError, ValidationError, Violations, messages } from '@kassa/platform/errors';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ScanCounts, ScannerAccess } from '@kassa/proto/ticketing/v1/scanning';
import { isDeviceId } from '@kassa/contracts/scan-links';
import { isScanLinkSecretShape, isScanLinkUsable, memberDeviceName } from '../../domain/scan-link';
import { ScanLinkEntity } from '../../persistence/scanning/scanning.entities';
import { countEventTickets } from '../../persistence/ticket-stats.repository';
import { CHECKIN } from '../ticketing-context';
import type { ScanningDeps } from '../scanning-deps';
import { assertEventOfOrganisation, hashScanLinkSecret } from './scan-link-records';

/** Who is scanning, where, and as which device: what every scanner call works with once its access is resolved. */
export interface Scanner {
  organisationId: string;
  eventId: string;
  /** "dev_…", the browser's own id. */
  deviceId: string;
  /** What check-ins record: the link's name, or "Organiser" and the device id's last 4 characters. */
  deviceName: string;
  /** Whose nonces these are: the link id, or the member's user id. */
  scope: string;
  /** The link scanned with; null for a member. */
  linkId: string | null;
}

/** The one answer for an unknown, a revoked and an expired link: none says whether the others exist. */
const LINK_REFUSED = 'This scan link is not valid';

/**
 * Resolves ScannerAccess (exactly one of a link secret, or organisation + event for a member) and the device id:
 * - a link: its secret's hash must name a link that is neither revoked nor expired (PERMISSION_DENIED otherwise, the
 *   same for all three);
 * - a member: identity must say the caller holds "checkin" there (NOT_FOUND for a non-member, PERMISSION_DENIED
 *   without the permission, as every organiser call), and the event must be the organisation's (NOT_FOUND).
 * The device id is checked first ('ID is invalid' on deviceId): it is what check-ins record. Access is resolved when
 * a call starts: a scan already past this point when its link is revoked still completes; the next one is refused.
 */
export async function resolveScanner(
  deps: ScanningDeps,
  em: EntityManager,
  call: Pick<CallContext, 'actor'>,
  access: ScannerAccess | undefined,
  deviceId: string,
): Promise<Scanner> {
  if (!isDeviceId(deviceId)) throw new ValidationError([{ field: 'deviceId', message: messages.idInvalid }]);
  const secret = access?.linkSecret ?? '';
  const organisationId = access?.organisationId ?? '';
  const eventId = access?.eventId ?? '';
  if (secret !== '' && (organisationId !== '' || eventId !== ''))
    throw new ValidationError([{ field: 'access', message: messages.invalid('Access') }]);
  if (secret !== '') return linkScanner(em, secret, deviceId, deps.now());

  const violations = new Violations();
  violations.id('access.organisationId', organisationId, 'org');
  violations.id('access.eventId', eventId, 'evt');
  violations.throwIfAny();
  const actor = await deps.authorizer.authorize(call, organisationId, CHECKIN);
  await assertEventOfOrganisation(em, organisationId, eventId);
  return {
    organisationId,
    eventId,
    deviceId,
    deviceName: memberDeviceName(deviceId),
    scope: actor.userId,
    linkId: null,
  };
}

async function linkScanner(em: EntityManager, secret: string, deviceId: string, now: Date): Promise<Scanner> {
  if (!isScanLinkSecretShape(secret)) throw new PermissionDeniedError(LINK_REFUSED);
  const link = await em.findOne(ScanLinkEntity, { secretHash: hashScanLinkSecret(secret) }, { refresh: true });
  if (!link || !isScanLinkUsable(link, now)) throw new PermissionDeniedError(LINK_REFUSED);
  return {
    organisationId: link.organisationId,
    eventId: link.eventId,
    deviceId,
    deviceName: link.name,
    scope: link.id,
    linkId: link.id,
  };
}

/** The live counts a scanner shows, counted as the event's ticket figures count them. */
export async function scanCounts(
  em: EntityManager,
  scanner: Pick<Scanner, 'organisationId' | 'eventId'>,
): Promise<ScanCounts> {
  const counts = await countEventTickets(em, scanner.organisationId, scanner.eventId);
  return { checkedIn: counts.checkedIn, sold: counts.sold };
}
