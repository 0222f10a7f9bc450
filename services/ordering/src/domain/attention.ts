// What the dashboard calls "needs attention", as rules: how long a payment or a refund may stay without an outcome
// before the organiser should look, and how long after an event its scan conflicts are still shown.

/** A payment heard as pending, or a refund requested, this long ago without an outcome is stuck. */
export const STUCK_AFTER_MINUTES = 30;
export const STUCK_AFTER_MS = STUCK_AFTER_MINUTES * 60_000;
/** Scan conflicts are shown until this long after their event ended (nobody resolves them after that). */
export const CONFLICTS_SHOWN_AFTER_END_MS = 7 * 24 * 60 * 60_000;
/** Failed e-mails listed by name; the rest are counted. */
export const FAILED_EMAILS_LISTED = 5;

/** The moment before which a pending payment or a requested refund counts as stuck. */
export function stuckBefore(now: Date): Date {
  return new Date(now.getTime() - STUCK_AFTER_MS);
}

/** Events that ended before this moment no longer show their conflicts. */
export function conflictsEndedBefore(now: Date): Date {
  return new Date(now.getTime() - CONFLICTS_SHOWN_AFTER_END_MS);
}
