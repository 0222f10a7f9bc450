// After a deploy, a tab still running the old build asks for script chunks that no longer exist. Reloading
// fetches the new build; the guard stops a loop when the chunk is missing for another reason.

/** The spec's chunk-reload guard: at most one reload per path within this window. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

/** Where the last reload time per path is kept (sessionStorage: per tab, survives the reload). */
export const CHUNK_RELOAD_STORAGE_KEY = 'kassa-chunk-reload';

export type ReloadLog = Record<string, number>;

/** Reload unless this path was already reloaded for a chunk failure less than `windowMs` ago. */
export function shouldReloadForChunkError(
  log: ReloadLog,
  path: string,
  now: number,
  windowMs = CHUNK_RELOAD_WINDOW_MS,
): boolean {
  const last = log[path];
  return last === undefined || now - last >= windowMs || now < last;
}

/** The log after a reload of `path` at `now`, without entries that can no longer block anything. */
export function recordChunkReload(
  log: ReloadLog,
  path: string,
  now: number,
  windowMs = CHUNK_RELOAD_WINDOW_MS,
): ReloadLog {
  const kept = Object.entries(log).filter(([, at]) => now - at < windowMs && at <= now);
  return { ...Object.fromEntries(kept), [path]: now };
}

/** Reads the stored log; anything unreadable counts as empty. */
export function parseReloadLog(stored: string | null): ReloadLog {
  if (!stored) return {};
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {};
  }
}

/** Webpack and Turbopack name a failed chunk load ChunkLoadError; older builds say "Loading chunk … failed". */
export function isChunkLoadError(reason: unknown): boolean {
  if (typeof reason !== 'object' || reason === null) return false;
  const { name, message } = reason as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && /Loading (CSS )?chunk [^ ]+ failed|Failed to load chunk/i.test(message);
}

/** A <script> or stylesheet of the app's own build (the 'error' event of such an element does not bubble). */
export function isBuildAssetUrl(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && parsed.pathname.startsWith('/_next/static/');
  } catch {
    return false;
  }
}
