import { expireOrder } from './expire-order';
import type { OrderingContext } from './ordering-context';

const BATCH = 500;

/**
 * Held orders whose hold is over by ctx.now() are expired; PostgreSQL holds the deadlines, so this alone suffices after
 * Redis lost its jobs.
 */
export async function expireOverdueOrders(ctx: OrderingContext): Promise<number> {
  const rows = await ctx.orm.em
    .fork()
    .execute<{ id: string }[]>(
      `select id from orders where status in ('reserved', 'pending') and expires_at <= ? order by expires_at limit ${BATCH}`,
      [ctx.now()],
    );
  let expired = 0;
  for (const { id } of rows) if (await expireOrder(ctx, id)) expired += 1;
  return expired;
}

/** Held orders whose hold ends before `until`, for their precise delayed jobs. */
export async function upcomingExpiries(ctx: OrderingContext, until: Date): Promise<{ id: string; expiresAt: Date }[]> {
  const rows = await ctx.orm.em
    .fork()
    .execute<{ id: string; expires_at: string | Date }[]>(
      `select id, expires_at from orders where status in ('reserved', 'pending') and expires_at > ? and expires_at <= ? order by expires_at limit ${BATCH * 10}`,
      [ctx.now(), until],
    );
  return rows.map((row) => ({ id: row.id, expiresAt: new Date(row.expires_at) }));
}
