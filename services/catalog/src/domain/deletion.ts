/** A deleted event stays recoverable by support (and visible to its organisers) this long before it is removed for good. */
export const DELETION_GRACE_MS = 14 * 24 * 60 * 60 * 1000;

export function removalAtFor(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + DELETION_GRACE_MS);
}

/** True when a deleted event's grace period is over. */
export function isDueForRemoval(event: { status: string; removalAt: Date | null | undefined }, now: Date): boolean {
  return event.status === 'deleted' && !!event.removalAt && event.removalAt.getTime() <= now.getTime();
}
