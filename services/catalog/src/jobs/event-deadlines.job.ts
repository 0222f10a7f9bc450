import { type createQueue, enqueue, startWorker, type RunningWorker } from '@kassa/platform/jobs';
import type { Logger } from '@kassa/platform/logging';
import type { CatalogContext, DeadlineScheduler } from '../application/catalog-context';
import { advanceShopWindow } from '../application/advance-shop-window';
import { endEvent } from '../application/end-event';
import { removeEvent } from '../application/remove-event';
import { removeShop } from '../application/remove-shop';

export const DEADLINES_QUEUE = 'catalog-deadlines';
const END_EVENT = 'end-event';
const REMOVE_EVENT = 'remove-event';
const SHOP_WINDOW = 'shop-window';
const REMOVE_SHOP = 'remove-shop';

interface DeadlineJobData {
  eventId?: string;
  shopId?: string;
}

type Queue = ReturnType<typeof createQueue>;

/**
 * A delayed job per deadline, for precision (the sweeper alone would be up to a minute late). The job id holds
 * the deadline, so a moved end, opening or closing adds a new job and the stale one finds nothing due; every use
 * case re-checks.
 */
export function createDeadlineScheduler(queue: Queue, now: () => Date): DeadlineScheduler {
  return {
    async eventChanged(event) {
      if (event.status === 'live') {
        await enqueue<DeadlineJobData>(
          queue,
          END_EVENT,
          { eventId: event.id },
          {
            jobId: `end-${event.id}-${event.endsAt.getTime()}`,
            delayMs: Math.max(0, event.endsAt.getTime() - now().getTime()),
          },
        );
      } else if (event.status === 'deleted' && event.removalAt) {
        await enqueue<DeadlineJobData>(
          queue,
          REMOVE_EVENT,
          { eventId: event.id },
          {
            jobId: `remove-${event.id}-${event.removalAt.getTime()}`,
            delayMs: Math.max(0, event.removalAt.getTime() - now().getTime()),
          },
        );
      }
    },
    // A public shop gets a job at opens_at and at closes_at (advanceShopWindow announces what is due then); a
    // boundary already passed was announced by the change's own snapshot.
    async shopChanged(shop) {
      if (shop.status === 'public') {
        for (const at of [shop.opensAt, shop.closesAt]) {
          if (at.getTime() <= now().getTime()) continue;
          await enqueue<DeadlineJobData>(
            queue,
            SHOP_WINDOW,
            { shopId: shop.id },
            { jobId: `window-${shop.id}-${at.getTime()}`, delayMs: Math.max(0, at.getTime() - now().getTime()) },
          );
        }
      } else if (shop.status === 'deleted' && shop.removalAt) {
        await enqueue<DeadlineJobData>(
          queue,
          REMOVE_SHOP,
          { shopId: shop.id },
          {
            jobId: `remove-${shop.id}-${shop.removalAt.getTime()}`,
            delayMs: Math.max(0, shop.removalAt.getTime() - now().getTime()),
          },
        );
      }
    },
  };
}

export function startDeadlineWorker(
  ctx: CatalogContext,
  options: { queueName: string; redisUrl: string; logger: Logger },
): RunningWorker {
  return startWorker<DeadlineJobData>(
    options.queueName,
    async (job) => {
      if (job.name === END_EVENT) await endEvent(ctx, job.data.eventId!);
      else if (job.name === REMOVE_EVENT) await removeEvent(ctx, job.data.eventId!);
      else if (job.name === SHOP_WINDOW) await advanceShopWindow(ctx, job.data.shopId!);
      else if (job.name === REMOVE_SHOP) await removeShop(ctx, job.data.shopId!);
    },
    { redisUrl: options.redisUrl, logger: options.logger, concurrency: 2 },
  );
}
