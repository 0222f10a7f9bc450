// One heavy run at a time on this machine: `npm test`, `npm run verify` and every benchmark start stacks on the
// machine-wide PostgreSQL, Redis and NATS, and the fault tests restart those servers. scripts/lib/infra.sh takes
// the lock for `npm test` and `npm run verify` (and exports KASSA_HEAVY_LOCK=held); a stack started outside them (a
// benchmark, a single jest file) takes it here, for as long as the process lives.
import { type HeldLock, holdFileLock } from './file-lock';

/** The flock(1) file; scripts/lib/infra.sh locks the same one (KASSA_HEAVY_LOCK_FILE overrides both). */
export const HEAVY_LOCK_FILE = process.env.KASSA_HEAVY_LOCK_FILE ?? '/tmp/kassa-heavy.lock';

let held: Promise<HeldLock | null> | null = null;

/** Whether this process runs under the heavy lock (taken by its parent script or by ensureHeavyLock). */
export const heavyLockHeld = (): boolean => process.env.KASSA_HEAVY_LOCK === 'held';

/**
 * Takes the heavy lock unless this process already runs under it, waiting while another run holds it. Held until the
 * process exits (the flock child's pipe closes with it), so every stack of this process shares it.
 */
export function ensureHeavyLock(): Promise<void> {
  if (heavyLockHeld()) return Promise.resolve();
  held ??= holdFileLock(HEAVY_LOCK_FILE, () =>
    console.error(`waiting for ${HEAVY_LOCK_FILE}: another test run or benchmark is using this machine's servers`),
  ).then((lock) => {
    process.env.KASSA_HEAVY_LOCK = 'held';
    return lock;
  });
  return held.then(() => undefined);
}

/** Restarting machine-wide servers is only safe under the lock: no other run may be using them. */
export function assertHeavyLockHeld(what: string): void {
  if (!heavyLockHeld())
    throw new Error(
      `${what} needs the heavy lock (${HEAVY_LOCK_FILE}): run it through npm test, npm run verify, or a stack (startStack takes it)`,
    );
}
