import { startPeriodicSweep, type PeriodicSweep } from '@kassa/platform/jobs';
import type { Logger } from '@kassa/platform/logging';
import type { OrderingContext } from '../application/ordering-context';
import { expireOverdueOrders, upcomingExpiries } from '../application/sweep-orders';

/**
 * Redis keeps nothing on disk: at start-up and every interval the sweeper expires every held order whose hold is
 * over according to PostgreSQL, and re-derives the delayed expiry jobs of the holds that end before its next runs.
 */
export function startOrderSweeper(
  ctx: OrderingContext,
  options: { logger: Logger; intervalMs?: number },
): PeriodicSweep<{ expired: number; scheduled: number }> {
  const intervalMs = options.intervalMs ?? 60_000;
  const log = options.logger.child({ component: 'order-sweeper' });

  async function sweep() {
    const expired = await expireOverdueOrders(ctx);
    const upcoming = await upcomingExpiries(ctx, new Date(ctx.now().getTime() + 2 * intervalMs));
    for (const order of upcoming) await ctx.expiry.orderHeld(order);
    if (expired > 0) log.info({ expired }, 'overdue orders expired');
    return { expired, scheduled: upcoming.length };
  }

  return startPeriodicSweep(sweep, { intervalMs, logger: log, failureMessage: 'order sweep failed' });
}
