import { hasPermission } from './permissions';

// Who may change whom. Pure: the caller loads the rows (locked where it matters) and asks.

export interface MemberFacts {
  id: string;
  permissions: readonly string[];
}

export type Refusal = 'permission-denied' | 'last-owner';

export const LAST_OWNER_MESSAGE = 'An organisation needs at least one owner';

export const isOwner = (member: Pick<MemberFacts, 'permissions'>): boolean =>
  hasPermission(member.permissions, 'owner');

/** Only owners hand out or take away "owner", so an admin can never promote themselves or demote an owner. */
export function touchesOwner(before: readonly string[], after: readonly string[]): boolean {
  return hasPermission(before, 'owner') !== hasPermission(after, 'owner');
}

/** May the actor give a new member (an invitation) these permissions? */
export function mayInvite(actor: MemberFacts, permissions: readonly string[]): Refusal | null {
  if (!hasPermission(actor.permissions, 'members')) return 'permission-denied';
  if (hasPermission(permissions, 'owner') && !isOwner(actor)) return 'permission-denied';
  return null;
}

/**
 * May the actor change the target's permissions from its current set to `next`?
 * `owners` counts the owners of the organisation, read under lock.
 */
export function mayChangePermissions(
  actor: MemberFacts,
  target: MemberFacts,
  next: readonly string[],
  owners: number,
): Refusal | null {
  if (!hasPermission(actor.permissions, 'members')) return 'permission-denied';
  if (touchesOwner(target.permissions, next) && !isOwner(actor)) return 'permission-denied';
  // Changing an owner's other permissions needs an owner too: otherwise an admin could strip an owner to a bare "owner".
  if (isOwner(target) && target.id !== actor.id && !isOwner(actor)) return 'permission-denied';
  if (isOwner(target) && !hasPermission(next, 'owner') && owners <= 1) return 'last-owner';
  return null;
}

/** May the actor remove the target? Anyone may leave; removing someone else needs "members", and "owner" for an owner. */
export function mayRemove(actor: MemberFacts, target: MemberFacts, owners: number): Refusal | null {
  if (actor.id !== target.id) {
    if (!hasPermission(actor.permissions, 'members')) return 'permission-denied';
    if (isOwner(target) && !isOwner(actor)) return 'permission-denied';
  }
  if (isOwner(target) && owners <= 1) return 'last-owner';
  return null;
}
