// The scanner's and the event overview's "check-ins per minute over the last hour": 60 counts, oldest first, the
// last one being the minute that ends now.

export const CHECK_IN_RATE_MINUTES = 60;

/** Counts per whole minute before `now` (0 = the last minute) → 60 values, oldest first; other minutes are dropped. */
export function checkInsPerMinute(counts: readonly { minutesAgo: number; count: number }[]): number[] {
  const perMinute = new Array<number>(CHECK_IN_RATE_MINUTES).fill(0);
  for (const { minutesAgo, count } of counts) {
    if (!Number.isInteger(minutesAgo) || minutesAgo < 0 || minutesAgo >= CHECK_IN_RATE_MINUTES) continue;
    const index = CHECK_IN_RATE_MINUTES - 1 - minutesAgo;
    perMinute[index] = perMinute[index]! + count;
  }
  return perMinute;
}

/** Whole minutes between a check-in and now (0 for the last minute, also for a clock a little ahead). */
export function minutesAgo(now: Date, at: Date): number {
  return Math.max(0, Math.floor((now.getTime() - at.getTime()) / 60_000));
}
