// Quotas (docs/ARCHITECTURE.md, Quotas): a counter with a capacity (null = unlimited), one per ticket option and one per event
// ticket limit. The counts live in buckets: a quota of capacity C split into N buckets gives bucket i the share
// floor(C / N) + (i < C mod N ? 1 : 0), and each bucket counts its own sold and reserved tickets, so that a rush
// on one quota can lock different rows. One bucket is the default; Step 5 measures before choosing more.

/** One bucket row's counts; `capacity` is its share of the quota (null when the quota is unlimited). */
export interface QuotaBucket {
  capacity: number | null;
  sold: number;
  reserved: number;
}

export interface Quota {
  /** The ticket option's or event's id ("tko_…" / "evt_…"). */
  id: string;
  /** null = unlimited. */
  capacity: number | null;
  buckets: QuotaBucket[];
}

export const DEFAULT_BUCKET_COUNT = 1;

/** How a capacity is shared over `count` buckets; the shares add up to the capacity and differ by at most one. */
export function bucketShares(capacity: number | null, count: number): (number | null)[] {
  if (!Number.isInteger(count) || count < 1) throw new Error(`A quota needs at least one bucket, got ${count}`);
  return Array.from({ length: count }, (_, bucket) =>
    capacity === null ? null : Math.floor(capacity / count) + (bucket < capacity % count ? 1 : 0),
  );
}

/**
 * What a quota has left: null when unlimited, else the room left in its buckets (never below zero). A capacity
 * lowered below what is sold leaves 0: nothing sold is ever cancelled by it.
 */
export function quotaLeft(quota: Quota): number | null {
  if (quota.capacity === null) return null;
  let left = 0;
  for (const bucket of quota.buckets) left += Math.max(0, (bucket.capacity ?? 0) - bucket.sold - bucket.reserved);
  return left;
}

/** The least left over several quotas; null when every one is unlimited (or there are none). */
export function leastLeft(quotas: readonly Quota[]): number | null {
  let least: number | null = null;
  for (const quota of quotas) {
    const left = quotaLeft(quota);
    if (left !== null) least = least === null ? left : Math.min(least, left);
  }
  return least;
}
