// A tiny in-process cache for the public shop page's reads: each entry lives until its own expiry, concurrent
// misses for one key share a single call (single flight), and failures are never kept. Bounded, oldest out first.

export interface TtlCache<V> {
  /**
   * The cached value for `key`, or the one `load` gives (shared with every caller that asks while it runs).
   * `load` says how long its value may be kept: an absolute expiry in ms since the epoch.
   */
  get(key: string, load: () => Promise<{ value: V; expiresAt: number }>): Promise<V>;
  /**
   * Drops `key`'s entry, and makes a load in flight for it keep its value to its own callers: the next `get` asks
   * again (after a write that changed what the key holds).
   */
  delete(key: string): void;
  /** Entries held now (expired ones included until they are touched or pushed out). */
  size(): number;
  clear(): void;
}

export interface TtlCacheOptions {
  /** Most entries kept; the oldest inserted goes first. */
  maxEntries: number;
  now?: () => number;
}

// `now` is read at each call (not Date.now captured once), so a clock installed later, a test's fake one, is the one asked.
export function createTtlCache<V>({ maxEntries, now = () => Date.now() }: TtlCacheOptions): TtlCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  const inFlight = new Map<string, { promise?: Promise<V> }>();

  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return Promise.resolve(hit.value);
      if (hit) entries.delete(key);
      const running = inFlight.get(key)?.promise;
      if (running) return running;
      // This load's own mark: a delete() while it runs replaces or removes it, and then its value is not kept.
      const flight: { promise?: Promise<V> } = {};
      inFlight.set(key, flight);
      flight.promise = (async () => {
        try {
          const { value, expiresAt } = await load();
          // Not kept when the key was deleted while it loaded: it may be older than the write that deleted it.
          if (inFlight.get(key) === flight && expiresAt > now()) {
            entries.delete(key);
            entries.set(key, { value, expiresAt });
            while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
          }
          return value;
        } finally {
          if (inFlight.get(key) === flight) inFlight.delete(key);
        }
      })();
      return flight.promise;
    },
    delete(key) {
      entries.delete(key);
      inFlight.delete(key);
    },
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}
