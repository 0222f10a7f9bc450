// The control run: the same buyers and journeys as the load run (the same mix, sizes, concurrency and capacity)
// through the BFF of a platform of its own whose ordering has no lock: it runs ordering's test-only unguarded
// reservation (read the counts, then add; `@kassa/ordering/unguarded-main`) with the quota buckets'
// CHECK constraint dropped. Oversold is counted exactly as in the load run, from the orders' own allocations against
// capacity, sampled through the run; the figure that must come out above 0 is the worst moment's. If it ever stops,
// the load run's "oversold 0" proves nothing.
//
// It is the rush alone: every journey starts at once and nobody waits for a hold to end. Capacity is overrun at the
// reservation, while buyers race for the last tickets, and that is all the control has to show; the late payers and
// the buyers who come back for released tickets (a minute later, when the holds end) test what the load run checks
// after it, not the lock. Waiting for them would double the section's time and add nothing to this figure.
//
// A rush meets the capacity's edge once, so a single rush oversells by a few tickets, and about one rush in five by
// none (measured: 6, 1, 5, 0, 4 at CI size). The control therefore rushes a fresh shop again, up to CONTROL_RUSHES
// times, until one oversells: the chance that the race is missed every time is far below one in a thousand, and the
// figure's note says how many rushes it took.
import { join, relative } from 'node:path';
import { Client } from 'pg';
import { oversoldNow, serviceDatabase } from '../reconcile';
import { runLoad } from './driver';
import { type LoadSize, openLoadShop, startLoadStack, watchOversold } from './run';

/** ordering without the guard, started by the stack in place of src/main.ts (a path from the repository's root). */
const UNGUARDED_ORDERING = relative(
  join(__dirname, '..', '..', '..'),
  require.resolve('@kassa/ordering/unguarded-main'),
);

/** Rushes, each on a fresh shop of the same platform, before the control gives up on seeing an oversell. */
export const CONTROL_RUSHES = 5;

export interface ControlOutcome {
  /** Rushes run (the last one oversold, unless all CONTROL_RUSHES did not). */
  rushes: number;
  attempts: number;
  /** Checkouts that reserved an order. */
  accepted: number;
  /** Tickets held or sold past capacity at the worst moment of the run, as in the load run. */
  oversold: number;
  /** The same once the last rush's journeys were done (the holds past capacity still open). */
  oversoldAtEnd: number;
  capacity: number;
  durationMs: number;
}

/** The database's own guard goes too, as in ordering's oversell test: only the lock is left, and it is gone. */
async function dropCapacityCheck(orderingUrl: string): Promise<void> {
  const client = new Client({ connectionString: orderingUrl });
  await client.connect();
  try {
    await client.query('alter table quota_bucket drop constraint quota_bucket_within_capacity');
  } finally {
    await client.end();
  }
}

export async function runControl(size: LoadSize, log: (line: string) => void): Promise<ControlOutcome> {
  const started = Date.now();
  const stack = await startLoadStack('loadcontrol', { ordering: UNGUARDED_ORDERING });
  const outcome: ControlOutcome = {
    rushes: 0,
    attempts: 0,
    accepted: 0,
    oversold: 0,
    oversoldAtEnd: 0,
    capacity: size.capacity,
    durationMs: 0,
  };
  try {
    const orderingUrl = serviceDatabase(stack.info, 'ordering');
    await dropCapacityCheck(orderingUrl);
    while (outcome.oversold === 0 && outcome.rushes < CONTROL_RUSHES) {
      outcome.rushes += 1;
      const shop = await openLoadShop(stack.info, size.capacity, size.priceMinor, size.quietCapacity);
      const watch = watchOversold(stack.info);
      let rush: Awaited<ReturnType<typeof runLoad>>;
      try {
        rush = await runLoad(stack.info, shop, {
          attempts: size.attempts,
          buyers: size.buyers,
          concurrency: size.concurrency,
          // The load run's mix without the late payers, who only wait for their hold's end.
          shares: { late: 0 },
          rushShare: 1,
          seed: outcome.rushes,
          log: (line) => log(`control: ${line}`),
        });
      } finally {
        outcome.oversold = await watch.stop();
      }
      outcome.attempts += rush.counts.attempts;
      outcome.accepted += rush.counts.placed;
      log(
        `control: rush ${outcome.rushes} done in ${(rush.durationMs / 1000).toFixed(1)} s, oversold at its worst moment ${outcome.oversold}: ${JSON.stringify(rush.counts)}`,
      );
    }
    outcome.oversoldAtEnd = await oversoldNow(orderingUrl);
    outcome.durationMs = Date.now() - started;
    return outcome;
  } finally {
    await stack.stop();
  }
}
