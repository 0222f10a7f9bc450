// How an order's tickets are taken from quota buckets (docs/ARCHITECTURE.md, Quotas), as pure arithmetic over locked rows:
// which quotas a cart draws on, which buckets a demand is taken from, how a capacity is shared over buckets
// that already hold counts, and how many buckets a quota gets.

/** A bucket row as read under its lock. */
export interface BucketCounts {
  bucket: number;
  /** Its share of the capacity; null when the quota is unlimited. */
  capacity: number | null;
  sold: number;
  reserved: number;
}

/** Tickets wanted from one quota. */
export interface QuotaDemand {
  quotaId: string;
  quantity: number;
}

/** What one bucket gives to an order. */
export interface BucketTake {
  bucket: number;
  quantity: number;
}

/**
 * The tickets a cart wants from each quota: every line draws on its ticket option's quota and on the quota of each
 * event it grants, and lines sharing a quota add up. Sorted by quota id, the order in which rows are locked, so that
 * two checkouts never wait on each other in opposite orders.
 */
export function quotaDemands(lines: readonly { quotaIds: readonly string[]; quantity: number }[]): QuotaDemand[] {
  const totals = new Map<string, number>();
  for (const line of lines)
    for (const quotaId of new Set(line.quotaIds)) totals.set(quotaId, (totals.get(quotaId) ?? 0) + line.quantity);
  return [...totals.entries()]
    .map(([quotaId, quantity]) => ({ quotaId, quantity }))
    .sort((a, b) => (a.quotaId < b.quotaId ? -1 : a.quotaId > b.quotaId ? 1 : 0));
}

/** Room left in a bucket; Infinity when unlimited, never below zero (a bucket over a lowered capacity has none). */
export function bucketRoom(bucket: Pick<BucketCounts, 'capacity' | 'sold' | 'reserved'>): number {
  return bucket.capacity === null ? Infinity : Math.max(0, bucket.capacity - bucket.sold - bucket.reserved);
}

/**
 * Takes `quantity` from the buckets, starting at the bucket at index `start` and spilling over to the next ones (in
 * a circle), so that concurrent checkouts that start at different buckets rarely touch the same row. null when all
 * buckets together have less room than wanted.
 */
export function planTake(buckets: readonly BucketCounts[], quantity: number, start: number): BucketTake[] | null {
  if (buckets.length === 0 || quantity <= 0) return quantity <= 0 ? [] : null;
  const takes: BucketTake[] = [];
  let remaining = quantity;
  for (let step = 0; step < buckets.length && remaining > 0; step += 1) {
    const bucket = buckets[((((start % buckets.length) + buckets.length) % buckets.length) + step) % buckets.length]!;
    const take = Math.min(bucketRoom(bucket), remaining);
    if (take > 0) {
      takes.push({ bucket: bucket.bucket, quantity: take });
      remaining -= take;
    }
  }
  return remaining === 0 ? takes : null;
}

/** Room over all buckets of a quota; null when unlimited. */
export function quotaRoom(buckets: readonly BucketCounts[]): number | null {
  if (buckets.some((bucket) => bucket.capacity === null)) return null;
  return buckets.reduce((sum, bucket) => sum + bucketRoom(bucket), 0);
}

/**
 * How a (new) capacity is shared over buckets that already count tickets. Each bucket first gets what it holds
 * (sold + reserved), then the room left is shared evenly (the first buckets taking the remainder), so the shares add
 * up to the capacity and no bucket can sell beyond the quota's room. When the capacity is below what is held, the
 * shares still add up to the capacity but every bucket is left without room; nothing held is cancelled.
 */
export function shareCapacity(capacity: number | null, held: readonly number[]): (number | null)[] {
  if (held.length === 0) throw new Error('A quota has at least one bucket');
  if (capacity === null) return held.map(() => null);
  const total = held.reduce((sum, count) => sum + count, 0);
  if (capacity >= total) {
    const room = capacity - total;
    const count = held.length;
    return held.map((count_, index) => count_ + Math.floor(room / count) + (index < room % count ? 1 : 0));
  }
  let left = capacity;
  return held.map((count) => {
    const share = Math.min(count, left);
    left -= share;
    return share;
  });
}

/** The platform's bucket policy: how many buckets a large (or unlimited) quota gets. */
export interface BucketPolicy {
  /** QUOTA_BUCKETS: buckets of a quota whose capacity is at least minCapacity (1 = no split). */
  buckets: number;
  /** QUOTA_BUCKET_MIN_CAPACITY: smaller quotas keep one bucket, where splitting would only strand tickets. */
  minCapacity: number;
}

export const DEFAULT_BUCKET_POLICY: BucketPolicy = { buckets: 1, minCapacity: 100 };

/**
 * The buckets a quota should have. Unlimited quotas count as large (every checkout of an event without a limit
 * touches its quota). A quota never loses buckets: merging them would have to move the orders that count in them,
 * and an extra bucket costs nothing but a row.
 */
export function bucketCountFor(capacity: number | null, policy: BucketPolicy, current = 1): number {
  const wanted = capacity === null || capacity >= policy.minCapacity ? Math.max(1, policy.buckets) : 1;
  return Math.max(current, wanted);
}
