// What the scan-link use cases share: the secret's hash, the link as the organiser sees it, the event check.
import { createHash } from 'node:crypto';
import { NotFoundError } from '@kassa/platform/errors';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ScanLink } from '@kassa/proto/ticketing/v1/scanning';
import { isEventOfOrganisation } from '../../persistence/event.repository';
import type { ScanLinkRow } from '../../persistence/scanning/scanning.entities';

/** SHA-256 of the secret, hex: what scan_link keeps. A 256-bit random secret needs no salt or slow hash. */
export function hashScanLinkSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A link's use, kept in scan_link_use (loadLinkUse); a link never used has none. */
export interface LinkUse {
  checkIns: number;
  lastUsedAt: Date | null;
}

export function toScanLink(row: ScanLinkRow, use: LinkUse | undefined): ScanLink {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    revokedAt: row.revokedAt ?? undefined,
    lastUsedAt: use?.lastUsedAt ?? undefined,
    checkIns: use?.checkIns ?? 0,
    expiresAt: row.expiresAt ?? undefined,
    revokedReason: row.revokedReason,
  };
}

/** NOT_FOUND unless the event is the organisation's (another organisation's event is answered like an unknown one). */
export async function assertEventOfOrganisation(
  em: EntityManager,
  organisationId: string,
  eventId: string,
): Promise<void> {
  if (!(await isEventOfOrganisation(em, organisationId, eventId))) throw new NotFoundError('Event not found');
}
