import { EventEntity } from '../persistence/event.entity';
import { ShopEntity } from '../persistence/shop.entity';
import { advanceShopWindow } from './advance-shop-window';
import type { CatalogContext } from './catalog-context';
import { endEvent } from './end-event';
import { removeEvent } from './remove-event';
import { removeShop } from './remove-shop';

const BATCH = 200;

/**
 * Everything due by ctx.now(): live events past their end are ended, public shops whose opening or closing has not
 * been announced are opened or closed, deleted events and shops past their grace period are removed. PostgreSQL
 * holds the deadlines, so this alone is enough after Redis lost every delayed job.
 */
export async function processDueDeadlines(
  ctx: CatalogContext,
): Promise<{ ended: number; removed: number; shopWindows: number; shopsRemoved: number }> {
  const now = ctx.now();
  const em = ctx.orm.em.fork();
  const toEnd = await em.find(
    EventEntity,
    { status: 'live', endsAt: { $lte: now } },
    { fields: ['id'], orderBy: { endsAt: 'asc' }, limit: BATCH },
  );
  const toRemove = await em.find(
    EventEntity,
    { status: 'deleted', removalAt: { $lte: now } },
    { fields: ['id'], orderBy: { removalAt: 'asc' }, limit: BATCH },
  );
  const toAdvance = await em.find(
    ShopEntity,
    {
      status: 'public',
      $or: [
        { announcedWindow: 'upcoming', opensAt: { $lte: now } },
        { announcedWindow: { $ne: 'closed' }, closesAt: { $lte: now } },
      ],
    },
    { fields: ['id'], orderBy: { opensAt: 'asc' }, limit: BATCH },
  );
  const shopsToRemove = await em.find(
    ShopEntity,
    { status: 'deleted', removalAt: { $lte: now } },
    { fields: ['id'], orderBy: { removalAt: 'asc' }, limit: BATCH },
  );
  let ended = 0;
  let removed = 0;
  let shopWindows = 0;
  let shopsRemoved = 0;
  for (const { id } of toEnd) if (await endEvent(ctx, id)) ended += 1;
  for (const { id } of toAdvance) if (await advanceShopWindow(ctx, id)) shopWindows += 1;
  for (const { id } of shopsToRemove) if (await removeShop(ctx, id)) shopsRemoved += 1;
  // Events last: removing one deletes the shop items that use it, which a shop removal above may have done already.
  for (const { id } of toRemove) if (await removeEvent(ctx, id)) removed += 1;
  return { ended, removed, shopWindows, shopsRemoved };
}

/** Events with a deadline before `until` that is not yet due, for the precise delayed jobs. */
export async function upcomingDeadlines(
  ctx: CatalogContext,
  until: Date,
): Promise<{ id: string; status: string; endsAt: Date; removalAt: Date | null }[]> {
  const now = ctx.now();
  const events = await ctx.orm.em.fork().find(
    EventEntity,
    {
      $or: [
        { status: 'live', endsAt: { $gt: now, $lte: until } },
        { status: 'deleted', removalAt: { $gt: now, $lte: until } },
      ],
    },
    { fields: ['id', 'status', 'endsAt', 'removalAt'], limit: BATCH * 5 },
  );
  return events.map(({ id, status, endsAt, removalAt }) => ({ id, status, endsAt, removalAt: removalAt ?? null }));
}

/** Shops with an opening, closing or removal before `until` that is not yet due, for the precise delayed jobs. */
export async function upcomingShopDeadlines(
  ctx: CatalogContext,
  until: Date,
): Promise<{ id: string; status: string; opensAt: Date; closesAt: Date; removalAt: Date | null }[]> {
  const now = ctx.now();
  const shops = await ctx.orm.em.fork().find(
    ShopEntity,
    {
      $or: [
        { status: 'public', announcedWindow: 'upcoming', opensAt: { $gt: now, $lte: until } },
        { status: 'public', announcedWindow: { $ne: 'closed' }, closesAt: { $gt: now, $lte: until } },
        { status: 'deleted', removalAt: { $gt: now, $lte: until } },
      ],
    },
    { fields: ['id', 'status', 'opensAt', 'closesAt', 'removalAt'], limit: BATCH * 5 },
  );
  return shops.map(({ id, status, opensAt, closesAt, removalAt }) => ({
    id,
    status,
    opensAt,
    closesAt,
    removalAt: removalAt ?? null,
  }));
}
