// The sections that put a platform of their own under a rush (npm run verify's load, abuse and bad input, in
// `npm test` too) each measure what one platform does with the machine to itself: two rushes at once on 2 cores
// starve each other past the BFF's deadlines (5xx, connections refused), stretch a per-minute limit's window (no
// 429) and drown a timing comparison in noise, which says nothing about Kassa. Jest runs them in parallel workers;
// this lock makes each wait for the one before (the other worker goes on with the lighter tests).
import { type HeldLock, holdFileLock } from './file-lock';

export const RUSH_LOCK_FILE = process.env.KASSA_RUSH_LOCK_FILE ?? '/tmp/kassa-rush.lock';
/** How long a section may wait for the others' rushes (at the full size, the load alone takes about an hour). */
export const RUSH_LOCK_WAIT_MS = 150 * 60_000;

/** Takes the rush lock for `section`, waiting (and saying so) while another section holds it. */
export function holdRushLock(section: string, log: (line: string) => void = console.info): Promise<HeldLock> {
  return holdFileLock(RUSH_LOCK_FILE, () => log(`${section}: waiting for ${RUSH_LOCK_FILE} (another rush is running)`));
}
