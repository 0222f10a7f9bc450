import { type createQueue, enqueue, startWorker, type RunningWorker } from '@kassa/platform/jobs';
import type { Logger } from '@kassa/platform/logging';
import { expireOrder } from '../application/expire-order';
import type { ExpiryScheduler, OrderingContext } from '../application/ordering-context';

export const ORDER_JOBS_QUEUE = 'ordering-jobs';
const EXPIRE_ORDER = 'expire-order';

interface ExpireOrderJobData {
  orderId: string;
}

type Queue = ReturnType<typeof createQueue>;

/**
 * One delayed job per held order at its expires_at (jobId `expire-order-<orderId>`, so scheduling twice adds one
 * job). The job re-checks everything under the order's lock (application/expire-order.ts); the sweeper covers jobs
 * Redis lost and orders whose job ran early.
 */
export function createExpiryScheduler(queue: Queue, now: () => Date): ExpiryScheduler {
  return {
    async orderHeld(order, { again = false } = {}) {
      const jobId = `expire-order-${order.id}`;
      // Held again after it expired: the first hold's job is kept among the completed ones under the same id, and
      // BullMQ adds nothing for an id it still has.
      if (again) await queue.remove(jobId);
      await enqueue<ExpireOrderJobData>(
        queue,
        EXPIRE_ORDER,
        { orderId: order.id },
        {
          jobId,
          delayMs: Math.max(0, order.expiresAt.getTime() - now().getTime()),
        },
      );
    },
  };
}

export function startOrderWorker(
  ctx: OrderingContext,
  options: { queueName: string; redisUrl: string; logger: Logger },
): RunningWorker {
  return startWorker<ExpireOrderJobData>(
    options.queueName,
    async (job) => {
      if (job.name === EXPIRE_ORDER) await expireOrder(ctx, job.data.orderId);
    },
    { redisUrl: options.redisUrl, logger: options.logger, concurrency: 2 },
  );
}
