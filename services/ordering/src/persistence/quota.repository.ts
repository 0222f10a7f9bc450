// Inventory writes (docs/ARCHITECTURE.md, Quotas): taking tickets from quota buckets, and giving them back or selling them.
//
// Lock order, everywhere: an order row first (when the change is about an existing order), then quota buckets in
// (quota_id, bucket) order, then discount_usage. Checkout takes its quotas in quota id order; within a quota it first
// tries ONE bucket picked at random with a single conditional update, and only when that bucket is short locks every
// bucket of the quota in bucket order and spills over. The try runs in a savepoint that is rolled back when it fails
// (a conditional UPDATE that waited for a row and then found it short keeps that row locked), so a transaction only
// ever waits for a row that comes after every row it holds, and no two can wait on each other.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type BucketCounts, type BucketTake, type QuotaDemand, planTake, quotaRoom } from '../domain/quota-allocation';

/** The count tickets go into: reserved while an order is held, sold once it is paid (or at once when free). */
export type CountColumn = 'reserved' | 'sold';

export interface Allocation {
  quotaId: string;
  bucket: number;
  quantity: number;
}

export type TakeResult = { ok: true; allocations: Allocation[] } | { ok: false; quotaId: string; left: number };

/** How checkout (and a late payment) takes tickets; the guarded one in production, an unguarded one in the control test. */
export interface ReservationStrategy {
  readonly name: string;
  /** Takes every demand (sorted by quota id) in the caller's transaction, or reports the first quota that is short. */
  take(em: EntityManager, demands: readonly QuotaDemand[], into: CountColumn): Promise<TakeResult>;
  /** How many tickets a code has discounted so far; the guarded strategy holds its counter's row lock from here on. */
  readDiscountUses(em: EntityManager, discountCodeId: string): Promise<number>;
  /** Counts `uses` more tickets on a code; false when its limit does not allow them. */
  addDiscountUses(em: EntityManager, discountCodeId: string, uses: number): Promise<boolean>;
}

const column = (into: CountColumn) => (into === 'sold' ? 'sold' : 'reserved');

interface BucketRow {
  bucket: number;
  capacity: number | null;
  sold: number;
  reserved: number;
}
const toCounts = (row: BucketRow): BucketCounts => ({
  bucket: Number(row.bucket),
  capacity: row.capacity === null ? null : Number(row.capacity),
  sold: Number(row.sold),
  reserved: Number(row.reserved),
});

async function bucketCounts(em: EntityManager, quotaIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await em.execute<{ id: string; bucket_count: number }[]>(
    'select id, bucket_count from quota where id in (?)',
    [[...quotaIds]],
  );
  return new Map(rows.map((row) => [row.id, Number(row.bucket_count)]));
}

const randomStart = (count: number, random: () => number) => Math.min(count - 1, Math.floor(random() * count));

/**
 * The production strategy: conditional updates under row locks. The database refuses what the conditions let
 * through by mistake (CHECK quota_bucket_within_capacity).
 */
export function guardedReservation(random: () => number = Math.random): ReservationStrategy {
  return {
    name: 'guarded',
    readDiscountUses: lockDiscountUsage,
    addDiscountUses,
    async take(em, demands, into) {
      if (demands.length === 0) return { ok: true, allocations: [] };
      const col = column(into);
      const counts = await bucketCounts(
        em,
        demands.map((demand) => demand.quotaId),
      );
      const allocations: Allocation[] = [];
      for (const { quotaId, quantity } of demands) {
        const count = counts.get(quotaId);
        if (count === undefined) return { ok: false, quotaId, left: 0 };
        const start = randomStart(count, random);
        // Several buckets: the try on one bucket runs in a savepoint. A conditional UPDATE that waited for a row and
        // then found it short still holds that row's lock; rolling back to the savepoint lets it go, so the spill
        // below can lock the buckets in order without holding one out of order (which deadlocks).
        if (count > 1) await em.execute('savepoint quota_try', [], 'run');
        const fast = await em.execute<{ bucket: number }[]>(
          `update quota_bucket set ${col} = ${col} + ? where quota_id = ? and bucket = ? and (capacity is null or capacity - sold - reserved >= ?) returning bucket`,
          [quantity, quotaId, start, quantity],
        );
        if (fast.length === 1) {
          allocations.push({ quotaId, bucket: start, quantity });
          continue;
        }
        if (count > 1) await em.execute('rollback to savepoint quota_try', [], 'run');
        // That bucket is short: lock the quota's buckets in order and spill over from it to the next ones.
        const rows = (
          await em.execute<BucketRow[]>(
            'select bucket, capacity, sold, reserved from quota_bucket where quota_id = ? order by bucket for update',
            [quotaId],
          )
        ).map(toCounts);
        const plan = planTake(rows, quantity, start);
        if (!plan) return { ok: false, quotaId, left: quotaRoom(rows) ?? 0 };
        for (const take of plan) {
          const updated = await em.execute<{ bucket: number }[]>(
            `update quota_bucket set ${col} = ${col} + ? where quota_id = ? and bucket = ? and (capacity is null or capacity - sold - reserved >= ?) returning bucket`,
            [take.quantity, quotaId, take.bucket, take.quantity],
          );
          if (updated.length !== 1) throw new Error(`quota ${quotaId} bucket ${take.bucket} changed while locked`);
          allocations.push({ quotaId, bucket: take.bucket, quantity: take.quantity });
        }
      }
      return { ok: true, allocations };
    },
  };
}

/**
 * FOR THE OVERSELL CONTROL TEST ONLY: the classic check-then-act race. It reads every quota's counts without a lock,
 * decides in the application, and only then adds blindly. (Reading and writing quota by quota would not do: the first
 * blind update's row lock, held to commit, would queue every other checkout behind it and make the reads fresh.)
 * With the CHECK constraint dropped it oversells under concurrency, which proves the race test can fail. Never wired
 * in production (OrderingOptions.unsafeReservation).
 */
export function unguardedReservation(random: () => number = Math.random): ReservationStrategy {
  return {
    name: 'unguarded',
    // The code's counter read without its lock and added to without its limit: the check happens before, on what was read.
    readDiscountUses: (em, discountCodeId) => readDiscountUsage(em, discountCodeId, false),
    async addDiscountUses(em, discountCodeId, uses) {
      await em.execute(
        'update discount_usage set used = used + ? where discount_code_id = ?',
        [uses, discountCodeId],
        'run',
      );
      return true;
    },
    async take(em, demands, into) {
      const col = column(into);
      const plans: { quotaId: string; takes: BucketTake[] }[] = [];
      for (const { quotaId, quantity } of demands) {
        const rows = (
          await em.execute<BucketRow[]>(
            'select bucket, capacity, sold, reserved from quota_bucket where quota_id = ? order by bucket',
            [quotaId],
          )
        ).map(toCounts);
        const takes = planTake(rows, quantity, randomStart(Math.max(1, rows.length), random));
        if (!takes) return { ok: false, quotaId, left: quotaRoom(rows) ?? 0 };
        plans.push({ quotaId, takes });
      }
      const allocations: Allocation[] = [];
      for (const { quotaId, takes } of plans) {
        for (const take of takes) {
          await em.execute(
            `update quota_bucket set ${col} = ${col} + ? where quota_id = ? and bucket = ?`,
            [take.quantity, quotaId, take.bucket],
            'run',
          );
          allocations.push({ quotaId, bucket: take.bucket, quantity: take.quantity });
        }
      }
      return { ok: true, allocations };
    },
  };
}

/** One row per bucket: a late re-reservation may land in a bucket twice over two quotas' demands (never for one quota). */
export function allocationRows(allocations: readonly Allocation[]): Allocation[] {
  const merged = new Map<string, Allocation>();
  for (const allocation of allocations) {
    const key = `${allocation.quotaId}\u0000${allocation.bucket}`;
    const known = merged.get(key);
    merged.set(key, known ? { ...known, quantity: known.quantity + allocation.quantity } : { ...allocation });
  }
  return [...merged.values()];
}

export async function insertAllocations(
  em: EntityManager,
  orderId: string,
  allocations: readonly Allocation[],
): Promise<void> {
  if (allocations.length === 0) return;
  const rows = allocationRows(allocations);
  await em.execute(
    `insert into order_allocation (order_id, quota_id, bucket, quantity) values ${rows.map(() => '(?, ?, ?, ?)').join(', ')}`,
    rows.flatMap((row) => [orderId, row.quotaId, row.bucket, row.quantity]),
    'run',
  );
}

async function lockedAllocations(em: EntityManager, orderId: string): Promise<Allocation[]> {
  const rows = await em.execute<{ quota_id: string; bucket: number; quantity: number }[]>(
    'select quota_id, bucket, quantity from order_allocation where order_id = ? order by quota_id, bucket',
    [orderId],
  );
  const allocations = rows.map((row) => ({
    quotaId: row.quota_id,
    bucket: Number(row.bucket),
    quantity: Number(row.quantity),
  }));
  if (allocations.length > 0) {
    await em.execute(
      `select 1 from quota_bucket where (quota_id, bucket) in (${allocations.map(() => '(?, ?)').join(', ')}) order by quota_id, bucket for update`,
      allocations.flatMap((allocation) => [allocation.quotaId, allocation.bucket]),
    );
  }
  return allocations;
}

/** Gives an order's tickets back (expiry, cancel, full refund): its counts leave `from`, its allocations are deleted. */
export async function releaseAllocations(em: EntityManager, orderId: string, from: CountColumn): Promise<Allocation[]> {
  const col = column(from);
  const allocations = await lockedAllocations(em, orderId);
  for (const { quotaId, bucket, quantity } of allocations) {
    await em.execute(
      `update quota_bucket set ${col} = ${col} - ? where quota_id = ? and bucket = ?`,
      [quantity, quotaId, bucket],
      'run',
    );
  }
  if (allocations.length > 0) await em.execute('delete from order_allocation where order_id = ?', [orderId], 'run');
  return allocations;
}

/** A held order is paid: its reserved tickets become sold, in the same buckets (the total per bucket does not change). */
export async function sellAllocations(em: EntityManager, orderId: string): Promise<void> {
  for (const { quotaId, bucket, quantity } of await lockedAllocations(em, orderId)) {
    await em.execute(
      'update quota_bucket set reserved = reserved - ?, sold = sold + ? where quota_id = ? and bucket = ?',
      [quantity, quantity, quotaId, bucket],
      'run',
    );
  }
}

/** Locks a code's redemption counter (creating it at 0) and answers how many tickets it has discounted. */
export function lockDiscountUsage(em: EntityManager, discountCodeId: string): Promise<number> {
  return readDiscountUsage(em, discountCodeId, true);
}

/** A code's redemption counter (created at 0), under its row lock or, for the unguarded control, without. */
async function readDiscountUsage(em: EntityManager, discountCodeId: string, lock: boolean): Promise<number> {
  await em.execute(
    'insert into discount_usage (discount_code_id, used) values (?, 0) on conflict do nothing',
    [discountCodeId],
    'run',
  );
  const [row] = await em.execute<{ used: number }[]>(
    `select used from discount_usage where discount_code_id = ?${lock ? ' for update' : ''}`,
    [discountCodeId],
  );
  return Number(row!.used);
}

/**
 * Counts `uses` more tickets on a code, only while its limit allows (the limit read in the same statement, so an
 * organiser's lowered limit counts at once). false when it does not.
 */
export async function addDiscountUses(em: EntityManager, discountCodeId: string, uses: number): Promise<boolean> {
  if (uses === 0) return true;
  const rows = await em.execute<{ used: number }[]>(
    `update discount_usage u set used = u.used + ?
     where u.discount_code_id = ?
       and coalesce(u.used + ? <= (select d.max_uses from discount_code d where d.id = u.discount_code_id), true)
     returning used`,
    [uses, discountCodeId, uses],
  );
  return rows.length === 1;
}

export async function releaseDiscountUses(em: EntityManager, discountCodeId: string, uses: number): Promise<void> {
  if (uses === 0) return;
  await em.execute(
    'update discount_usage set used = greatest(0, used - ?) where discount_code_id = ?',
    [uses, discountCodeId],
    'run',
  );
}
