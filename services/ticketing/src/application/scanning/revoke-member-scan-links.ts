import type { EntityManager } from '@mikro-orm/postgresql';
import type { MemberChanged } from '@kassa/proto/identity/events/v1/organisations';
import { memberLinkRevocation } from '../../domain/scan-link';
import { CHECKIN } from '../ticketing-context';

/**
 * identity says a membership changed or ended: a member who left the organisation, or who no longer has "checkin",
 * may no longer open the door through the scan links they made, so those still usable are revoked, with the reason.
 * Runs in the consumer's inbox transaction; a later change (the permission given back) does not revive them.
 */
export async function revokeMemberScanLinks(
  em: EntityManager,
  change: MemberChanged,
  removed: boolean,
  now: Date,
): Promise<number> {
  const reason = memberLinkRevocation({ removed, permissions: change.permissions }, CHECKIN);
  if (!reason) return 0;
  const revoked = await em.execute<{ affectedRows: number }>(
    `update scan_link set revoked_at = ?, revoked_reason = ?
      where organisation_id = ? and created_by = ? and revoked_at is null`,
    [now, reason, change.organisationId, change.userId],
    'run',
  );
  return revoked.affectedRows;
}
