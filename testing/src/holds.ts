import { Queue } from 'bullmq';
import { Client } from 'pg';
import { createNamespace } from '@kassa/platform/config';
import { serviceDatabase, type StackInfo } from './stack';

/**
 * Ends holds now instead of at the shop's reservation time (catalog's shortest is a minute), as the clock would a few
 * minutes later: the held orders' deadlines move to now and their expiry jobs (where Redis still has them) run at
 * once, so ordering expires them through the same job and use case as the clock would; ordering's sweep expires those
 * whose job a Redis restart lost. What the hold's length itself does is proven where waiting is the point: ordering's
 * integration tests and the load section's late payers.
 *
 * With `orderIds`, only those orders, each of which must still be held with its job waiting (else it throws);
 * without, every order still held. Returns how many orders were held and how many still had their expiry job.
 */
export async function endHoldsNow(info: StackInfo, orderIds?: string[]): Promise<{ held: number; jobsFound: number }> {
  const ordering = new Client({ connectionString: serviceDatabase(info, 'ordering') });
  await ordering.connect();
  let held: Set<string>;
  try {
    const moved = await ordering.query<{ id: string }>(
      "update orders set expires_at = now() where status in ('reserved', 'pending') and expires_at > now() and ($1::text[] is null or id = any($1)) returning id",
      [orderIds ?? null],
    );
    held = new Set(moved.rows.map((row) => row.id));
  } finally {
    await ordering.end();
  }
  const missing = (orderIds ?? []).filter((id) => !held.has(id));
  if (missing.length > 0) throw new Error(`not held any more: ${missing.join(', ')}`);
  const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const jobs = new Queue(createNamespace(info.namespace).queue('ordering-jobs'), {
    connection: { host: redis.hostname, port: Number(redis.port || 6379) },
  });
  let jobsFound = 0;
  try {
    for (const id of held) {
      const job = await jobs.getJob(`expire-order-${id}`);
      if (!job) continue;
      jobsFound += 1;
      // A job already running or done needs no promotion; the sweep covers the rest.
      await job.promote().catch(() => undefined);
    }
  } finally {
    await jobs.close();
  }
  if (orderIds && jobsFound !== held.size)
    throw new Error(`of ${held.size} held orders only ${jobsFound} had an expiry job`);
  return { held: held.size, jobsFound };
}
