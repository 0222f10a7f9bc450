import { type ShopStatus, type ShopWindow } from '@kassa/contracts/statuses';
import { FailedPreconditionError } from '@kassa/platform/errors';

export { SHOP_STATUSES, type ShopStatus, SHOP_WINDOWS, type ShopWindow, isShopStatus } from '@kassa/contracts/statuses';

/** What an organiser can do to a shop's status; each is also the history action and subject verb of its change. */
export type ShopStatusChange = 'published' | 'converted_to_draft' | 'deleted';
/** The window changes catalog's jobs announce. */
export type ShopWindowChange = 'opened' | 'closed';

export interface ShopStatusOutcome {
  status: ShopStatus;
  /** False for a repeat the contract answers with success and no new version. */
  changed: boolean;
}

/**
 * The shop status machine: draft ⇄ public, any → deleted. Publishing is refused once closes_at has passed (the
 * shop could never open); a deleted shop stays deleted until it is removed.
 */
export function changeShopStatus(
  current: ShopStatus,
  change: ShopStatusChange,
  { closesAt, now }: { closesAt: Date; now: Date },
): ShopStatusOutcome {
  switch (change) {
    case 'published':
      if (current === 'public') return { status: current, changed: false };
      if (current === 'deleted') throw new FailedPreconditionError('The shop is deleted');
      if (closesAt.getTime() <= now.getTime()) throw new FailedPreconditionError('The shop has already closed');
      return { status: 'public', changed: true };
    case 'converted_to_draft':
      if (current === 'draft') return { status: current, changed: false };
      if (current === 'deleted') throw new FailedPreconditionError('The shop is deleted');
      return { status: 'draft', changed: true };
    case 'deleted':
      return current === 'deleted' ? { status: current, changed: false } : { status: 'deleted', changed: true };
  }
}

/** The window at `now`: opens_at itself is open, closes_at itself is closed. */
export function windowAt({ opensAt, closesAt }: { opensAt: Date; closesAt: Date }, now: Date): ShopWindow {
  if (now.getTime() < opensAt.getTime()) return 'upcoming';
  if (now.getTime() < closesAt.getTime()) return 'open';
  return 'closed';
}

/** The contract's Shop.window: the window of a public shop, '' for a draft or deleted one. */
export function shopWindow(shop: { status: string; opensAt: Date; closesAt: Date }, now: Date): ShopWindow | '' {
  return shop.status === 'public' ? windowAt(shop, now) : '';
}

/**
 * Guests reach a public shop from opens_at until it closes; before it opens only when the organiser chose to show a
 * "coming soon" page (otherwise the shop does not exist for guests yet, as the spec says).
 */
export function isReachableByGuests(
  shop: { status: string; opensAt: Date; closesAt: Date; showComingSoon: boolean },
  now: Date,
): boolean {
  const window = shopWindow(shop, now);
  return window === 'open' || (window === 'upcoming' && shop.showComingSoon);
}

/**
 * The window change due for a shop whose last announced window is `announcedWindow` (what its last snapshot
 * said): "opened" once an upcoming public shop reaches opens_at, "closed" once it reaches closes_at (also straight
 * from upcoming when both passed unseen). Null when nothing is due, so a job or sweep that runs twice does nothing.
 */
export function dueWindowChange(
  shop: { status: string; opensAt: Date; closesAt: Date; announcedWindow: string },
  now: Date,
): ShopWindowChange | null {
  if (shop.status !== 'public') return null;
  const window = windowAt(shop, now);
  if (window === shop.announcedWindow) return null;
  if (window === 'closed') return 'closed';
  if (window === 'open' && shop.announcedWindow === 'upcoming') return 'opened';
  return null;
}
