import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A secret link for one event that lets door staff scan without an account; only the secret's SHA-256 is kept. */
export const ScanLinkEntity = defineEntity({
  name: 'ScanLink',
  tableName: 'scan_link',
  properties: (p) => ({
    id: p.string().primary(),
    organisationId: p.string(),
    eventId: p.string(),
    name: p.string(),
    secretHash: p.string(),
    createdBy: p.string(),
    createdAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    /** Why ticketing revoked it ('member_removed', 'member_lost_checkin'); '' when the organiser did or it is usable. */
    revokedReason: p.string().default(''),
    /** When it stops scanning; null: never. */
    expiresAt: p.datetime().nullable(),
    // Its check-ins and last use are in scan_link_use (check-in.repository.ts: noteLinkUse, loadLinkUse).
  }),
});
export type ScanLinkRow = InferEntity<typeof ScanLinkEntity>;

/**
 * Scanning's entities, for the service's schema list. scan_attempt, check_in and scan_conflict are written and read
 * with plain SQL only (scan-attempt, check-in and scan-conflict repositories): the scan path is a few exact statements.
 */
export const scanningEntities = [ScanLinkEntity];
