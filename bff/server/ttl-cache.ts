// A tiny in-process cache for the public shop page's reads: each entry lives until its own expiry, concurrent
// misses for one key share a single call (single flight), and failures are never kept. Bounded, oldest out first.

export interface TtlCache<V> {
  /**
   * The cached value for `key`, or the one `load` gives (shared with every caller that asks while it runs).
   * `load` says how long its value may be kept: an absolute expiry in ms since the epoch.
   */
  get(key: string, load: () => Promise<{ value: V; expiresAt: number }>): Promise<V>;
  /** Entries held now (expired ones included until they are touched or pushed out). */
  size(): number;
  clear(): void;
}

export interface TtlCacheOptions {
  /** Most entries kept; the oldest inserted goes first. */
  maxEntries: number;
  now?: () => number;
}

export function createTtlCache<V>({ maxEntries, now = Date.now }: TtlCacheOptions): TtlCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  const inFlight = new Map<string, Promise<V>>();

  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return Promise.resolve(hit.value);
      if (hit) entries.delete(key);
      const running = inFlight.get(key);
      if (running) return running;
      const call = (async () => {
        try {
          const { value, expiresAt } = await load();
          if (expiresAt > now()) {
            entries.delete(key);
            entries.set(key, { value, expiresAt });
            while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
          }
          return value;
        } finally {
          inFlight.delete(key);
        }
      })();
      inFlight.set(key, call);
      return call;
    },
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}
