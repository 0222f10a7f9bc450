// The sections that put a platform of their own under a rush (npm run verify's load and abuse, in `npm test` too)
// each measure what one platform does with the machine to itself: two rushes at once on 2 cores starve each other
// past the BFF's deadlines (5xx) and stretch a per-minute limit's window (no 429), which says nothing about Kassa.
// Jest runs them in parallel workers; this lock makes the second wait for the first.
import { type HeldLock, holdFileLock } from './file-lock';

export const RUSH_LOCK_FILE = process.env.KASSA_RUSH_LOCK_FILE ?? '/tmp/kassa-rush.lock';
/** How long a section may wait for the other one's rush (the longest, the full-size load, takes about an hour). */
export const RUSH_LOCK_WAIT_MS = 70 * 60_000;

/** Takes the rush lock for `section`, waiting (and saying so) while another section holds it. */
export function holdRushLock(section: string, log: (line: string) => void = console.info): Promise<HeldLock> {
  return holdFileLock(RUSH_LOCK_FILE, () => log(`${section}: waiting for ${RUSH_LOCK_FILE} (another rush is running)`));
}
