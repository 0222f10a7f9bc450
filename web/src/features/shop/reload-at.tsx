'use client';
// The upcoming shop page opens itself: one timer to the opening time, then one reload. Many guests waiting for the
// same moment are spread over a few seconds, and a page that is still upcoming after opening (a clock ahead of the
// server's) backs off instead of reloading in a loop.
import { useEffect } from 'react';

/** At most this many ms of random spread after the opening time, so that a crowd does not arrive in one instant. */
export const RELOAD_SPREAD_MS = 1500;
/** setTimeout's largest delay (about 24.8 days); a later time re-arms instead of firing at once. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** How long to wait before reloading: until `at` plus the spread, or a back-off when `at` is already past. */
export function reloadDelay(at: number, now: number, attempt: number, spread: number): number {
  if (at > now) return at - now + spread;
  return Math.min(60_000, 2_000 * 2 ** Math.min(attempt, 5)) + spread;
}

export function ReloadAt({ at, storageKey }: { at: string; storageKey: string }) {
  useEffect(() => {
    const time = new Date(at).getTime();
    if (Number.isNaN(time)) return;
    const attempt = readAttempt(storageKey, time);
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const delay = reloadDelay(time, Date.now(), attempt, Math.random() * RELOAD_SPREAD_MS);
      if (delay > MAX_DELAY_MS) {
        timer = setTimeout(arm, MAX_DELAY_MS);
        return;
      }
      timer = setTimeout(() => {
        if (Date.now() >= time) writeAttempt(storageKey, time, attempt + 1);
        window.location.reload();
      }, delay);
    };
    arm();
    return () => clearTimeout(timer);
  }, [at, storageKey]);
  return null;
}

// Reloads after the opening time are counted per opening time in sessionStorage, for the back-off.
function readAttempt(key: string, time: number): number {
  try {
    const [storedTime, count] = (window.sessionStorage.getItem(key) ?? '').split(':');
    return Number(storedTime) === time ? Number(count) || 0 : 0;
  } catch {
    return 0;
  }
}

function writeAttempt(key: string, time: number, attempt: number): void {
  try {
    window.sessionStorage.setItem(key, `${time}:${attempt}`);
  } catch {
    // Without sessionStorage every reload waits the shortest back-off; still no loop faster than that.
  }
}
