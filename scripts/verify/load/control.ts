// The control run: the same journeys as the load run (the same mix, sizes, concurrency and capacity), through the
// BFF of a platform of its own whose ordering has no lock: it runs ordering's test-only unguarded reservation (read
// the counts, then add; services/ordering/test/fixtures/unguarded-main.ts) with the quota buckets' CHECK constraint
// dropped. Oversold is counted exactly as in the load run, from the orders' own allocations against capacity: at the
// worst moment of the run (sampled) and at the end (the reconciliation, which also counts valid tickets). A hold taken
// past capacity may expire before the end, so the figure that must come out above 0 is the worst moment's. If it ever
// stops, the load run's "oversold 0" proves nothing.
import { join } from 'node:path';
import { Client } from 'pg';
import { serviceDatabase } from '../reconcile';
import { type LoadSize, loadAndReconcile, openLoadShop, startLoadStack } from './run';

/** ordering without the guard, started by the stack in place of src/main.ts. */
const UNGUARDED_ORDERING = join('services', 'ordering', 'test', 'fixtures', 'unguarded-main.ts');

export interface ControlOutcome {
  attempts: number;
  /** Checkouts that reserved an order. */
  accepted: number;
  /** Tickets held or sold past capacity at the worst moment of the run, as in the load run. */
  oversold: number;
  /** The same at the end, by the reconciliation (orders' allocations and valid tickets). */
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
  try {
    await dropCapacityCheck(serviceDatabase(stack.info, 'ordering'));
    const shop = await openLoadShop(stack.info, size.capacity, size.priceMinor, size.quietCapacity);
    const run = await loadAndReconcile(stack.info, shop, size, (line) => log(`control: ${line}`));
    return {
      attempts: run.outcome.counts.attempts,
      accepted: run.outcome.counts.placed,
      oversold: run.peakOversold,
      oversoldAtEnd: run.reconciliation.oversold,
      capacity: size.capacity,
      durationMs: Date.now() - started,
    };
  } finally {
    await stack.stop();
  }
}
