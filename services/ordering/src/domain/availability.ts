import { leastLeft, type Quota } from './quota';
import type { Window } from './sale-window';

import type { AvailabilityStatus } from '@kassa/contracts/statuses';

export type { AvailabilityStatus };

/** The platform's per-order cap: at most this many tickets of one item in one order, unless the item sets less. */
export const PLATFORM_MAX_PER_LINE = 20;

/**
 * Guests are told what is left ("only 3 left") from this many down: few enough to help a decision, and it says
 * nothing about a large event's sales. Unlimited quotas never tell.
 */
export const REMAINING_THRESHOLD = 10;

export interface ItemAvailabilityInput {
  /** The shop's window now. */
  shopWindow: Window;
  /** The item's own sale window now (saleStart/saleEnd, defaulting to the shop's). */
  saleWindow: Window;
  /** Whether everything the item grants can still be sold (see grantsSellable). */
  sellable: boolean;
  /** Its ticket option's quota and one quota per granted event. */
  quotas: readonly Quota[];
  /** The item's per-order maximum; null = none of its own. */
  maxPerOrder: number | null;
}

export interface ItemAvailability {
  status: AvailabilityStatus;
  /** How many one order may take now; 0 unless available. */
  maxQuantity: number;
  /** What is left, when available, limited and at most REMAINING_THRESHOLD; null otherwise. */
  remaining: number | null;
}

/**
 * One item's availability. Precedence: "closed" (shop or sale window over, or what it grants is gone), then
 * "sold out" (a quota has nothing left — also before sales start, so nobody waits for nothing), then "upcoming"
 * (shop or sale window not started), else "available".
 */
export function itemAvailability(input: ItemAvailabilityInput): ItemAvailability {
  const left = leastLeft(input.quotas);
  const status: AvailabilityStatus =
    input.shopWindow === 'closed' || input.saleWindow === 'closed' || !input.sellable
      ? 'closed'
      : left === 0
        ? 'sold out'
        : input.shopWindow === 'upcoming' || input.saleWindow === 'upcoming'
          ? 'upcoming'
          : 'available';
  if (status !== 'available') return { status, maxQuantity: 0, remaining: null };
  const maxQuantity = Math.min(left ?? Infinity, input.maxPerOrder ?? Infinity, PLATFORM_MAX_PER_LINE);
  return {
    status,
    maxQuantity: Math.max(0, maxQuantity),
    remaining: left !== null && left <= REMAINING_THRESHOLD ? left : null,
  };
}

/** What ordering knows of an event an item grants. */
export interface GrantedEvent {
  /** catalog's status: draft, live, ended, deleted, or "removed" once catalog removed it for good. */
  status: string;
  endsAt: Date;
}

/**
 * Whether an item's tickets can be sold at all: its ticket option and every granted event are known to the
 * projection (a snapshot may still be on its way), the option is not deleted, and at least one granted event is
 * live and not past its end (by the clock too, before catalog's "ended" arrives). This matches what catalog shows
 * guests: an item with its live events only, and no item when none is live.
 */
export function grantsSellable(
  ticketOption: { removed: boolean } | null,
  events: readonly (GrantedEvent | null)[],
  now: Date,
): boolean {
  if (!ticketOption || ticketOption.removed || events.some((event) => event === null)) return false;
  return events.some((event) => event!.status === 'live' && event!.endsAt.getTime() > now.getTime());
}
