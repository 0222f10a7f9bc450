import { startPeriodicSweep } from '@kassa/platform/jobs';
import type { Logger } from '@kassa/platform/logging';
import type { CatalogContext } from '../application/catalog-context';
import { processDueDeadlines, upcomingDeadlines, upcomingShopDeadlines } from '../application/sweep-deadlines';

export interface DeadlineSweeper {
  /** One sweep: processes what is due, then (re)schedules the delayed jobs of the next interval. */
  runOnce(): Promise<Awaited<ReturnType<typeof processDueDeadlines>>>;
  stop(): Promise<void>;
}

/**
 * Redis keeps nothing on disk: at start-up and every minute the sweeper ends, opens, closes and removes whatever is
 * due according to PostgreSQL, and re-derives the precise delayed jobs for deadlines before its next run.
 */
export function startDeadlineSweeper(
  ctx: CatalogContext,
  options: { logger: Logger; intervalMs?: number },
): DeadlineSweeper {
  const intervalMs = options.intervalMs ?? 60_000;
  const log = options.logger.child({ component: 'deadline-sweeper' });

  async function sweep() {
    const done = await processDueDeadlines(ctx);
    const until = new Date(ctx.now().getTime() + 2 * intervalMs);
    for (const event of await upcomingDeadlines(ctx, until)) await ctx.scheduler.eventChanged(event);
    for (const shop of await upcomingShopDeadlines(ctx, until)) await ctx.scheduler.shopChanged(shop);
    if (done.ended + done.removed + done.shopWindows + done.shopsRemoved > 0) log.info(done, 'due deadlines processed');
    return done;
  }

  return startPeriodicSweep(sweep, { intervalMs, logger: log, failureMessage: 'deadline sweep failed' });
}
