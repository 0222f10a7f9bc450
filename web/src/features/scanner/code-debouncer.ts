// A QR held in front of the camera is read many times a second: the same code counts once until it has been out of
// sight for the window (about 2 s). Other codes pass at once.

export const SAME_CODE_WINDOW_MS = 2000;

export interface CodeDebouncer {
  /** True when `code` should be scanned now; every sighting (accepted or not) restarts its window. */
  accept(code: string): boolean;
  /** Forget every code (e.g. after switching events). */
  reset(): void;
}

export function createCodeDebouncer(
  windowMs: number = SAME_CODE_WINDOW_MS,
  now: () => number = Date.now,
): CodeDebouncer {
  const lastSeen = new Map<string, number>();
  return {
    accept(code) {
      const at = now();
      const previous = lastSeen.get(code);
      lastSeen.set(code, at);
      // Old sightings go, so that a long shift does not grow the map without end.
      for (const [seen, when] of lastSeen) if (at - when > windowMs) lastSeen.delete(seen);
      return previous === undefined || at - previous > windowMs;
    },
    reset() {
      lastSeen.clear();
    },
  };
}
