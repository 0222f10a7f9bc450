import { Queue } from 'bullmq';
import { Client } from 'pg';
import { createNamespace } from '@kassa/platform/config';
import { databaseUrl, type StackInfo } from './stack';

/** ordering's database in `stack.info.databases` (identity, notifications, catalog, ordering, …). */
const ORDERING_DATABASE = 3;

/**
 * Ends one order's hold now instead of at the shop's reservation time (catalog's shortest is a minute): its deadline
 * moves to now and its expiry job runs at once, so ordering expires it through the same job and use case as the clock
 * would. What the hold's length itself does is proven where waiting is the point: ordering's integration tests and the
 * load section's late payers. Throws unless the order was still held and its job was waiting.
 */
export async function endHoldNow(info: StackInfo, orderId: string): Promise<void> {
  const ordering = new Client({ connectionString: databaseUrl(info.databases[ORDERING_DATABASE]!) });
  await ordering.connect();
  try {
    const moved = await ordering.query("update orders set expires_at = now() where id = $1 and status in ('reserved', 'pending') and expires_at > now()", [orderId]);
    if (moved.rowCount !== 1) throw new Error(`order ${orderId} is not held any more`);
  } finally {
    await ordering.end();
  }
  const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const jobs = new Queue(createNamespace(info.namespace).queue('ordering-jobs'), { connection: { host: redis.hostname, port: Number(redis.port || 6379) } });
  try {
    const job = await jobs.getJob(`expire-order-${orderId}`);
    if (!job) throw new Error(`order ${orderId} has no expiry job`);
    await job.promote();
  } finally {
    await jobs.close();
  }
}
