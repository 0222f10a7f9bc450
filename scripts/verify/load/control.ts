// The control run: the same kind of rush (the same checkouts, the same number in flight, the same capacity) against an
// ordering WITHOUT the lock — ordering's own test-only unguarded reservation (read the counts, then add), with the
// quota buckets' CHECK constraint dropped as the oversell integration test does. It must oversell: if it ever stops,
// the load run's "oversold 0" proves nothing. ordering runs in-process over gRPC on a database of its own
// (services/ordering/test/fixtures/ordering-harness.ts); catalog's snapshots of the shop are published as catalog would.
import { checkoutRequest, seedShop } from '../../../services/ordering/test/fixtures/orders';
import { startOrderingHarness } from '../../../services/ordering/test/fixtures/ordering-harness';
import { readQuotaCounts } from '../../bench/onsale/oversell';

export interface ControlOptions {
  attempts: number;
  concurrency: number;
  capacity: number;
}

export interface ControlOutcome {
  attempts: number;
  accepted: number;
  refused: number;
  /** Σ max(0, sold + reserved − capacity) over the shop's ticket option and event, as ordering counts them. */
  oversold: number;
  /** sold + reserved of the ticket option. */
  held: number;
  capacity: number;
  durationMs: number;
}

export async function runControl(options: ControlOptions): Promise<ControlOutcome> {
  const h = await startOrderingHarness('loadcontrol', { options: { unsafeReservation: true } });
  try {
    h.clock.now = null;
    await h.sql('alter table quota_bucket drop constraint quota_bucket_within_capacity');
    // The event's limit above what the rush could take: the ticket option's capacity is the one that counts.
    const seeded = await seedShop(h, { capacity: options.capacity, ticketLimit: options.attempts * 2 });
    const started = Date.now();
    let sent = 0;
    let accepted = 0;
    let refused = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (sent < options.attempts) {
          const index = sent++;
          try {
            await h.orders.checkout(checkoutRequest(seeded.shop.id, [{ itemId: seeded.item.id, quantity: 1 }], { email: `control${index}@example.test` }));
            accepted += 1;
          } catch {
            refused += 1;
          }
        }
      }),
    );
    const quotas = await readQuotaCounts(h.database.url);
    const option = quotas.find((quota) => quota.id === seeded.option.id);
    return {
      attempts: sent,
      accepted,
      refused,
      oversold: quotas.reduce((sum, quota) => sum + quota.oversold, 0),
      held: option ? option.sold + option.reserved : 0,
      capacity: options.capacity,
      durationMs: Date.now() - started,
    };
  } finally {
    await h.stop();
  }
}
