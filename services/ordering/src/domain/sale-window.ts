/** Where a time window stands at a moment: before it, inside it, after it (the spec's shop window words). */
export type Window = 'upcoming' | 'open' | 'closed';

const RANK: Record<Window, number> = { upcoming: 0, open: 1, closed: 2 };

export function isWindow(value: string): value is Window {
  return value in RANK;
}

/** upcoming before `start`, open from `start` (inclusive) until `end` (exclusive), closed from `end`. */
export function windowAt(start: Date, end: Date, now: Date): Window {
  if (now.getTime() < start.getTime()) return 'upcoming';
  if (now.getTime() < end.getTime()) return 'open';
  return 'closed';
}

/** The further along of two readings of the same window. */
export function laterWindow(a: Window, b: Window): Window {
  return RANK[a] >= RANK[b] ? a : b;
}

export interface ShopWindowInput {
  opensAt: Date;
  closesAt: Date;
  /** The window of the last snapshot catalog sent ("" when it sent none, e.g. for a draft). */
  projectedWindow: string;
}

/**
 * A public shop's window now: the clock's reading of opens_at/closes_at, or the projected one when that is further
 * along. catalog's opened/closed events move the projection, but a missed or late event must not leave a shop open
 * past closes_at (the clock closes it) nor keep it upcoming past opens_at; a "closed" sent early by catalog (an
 * organiser's change) is honoured at once.
 */
export function shopWindow(shop: ShopWindowInput, now: Date): Window {
  const clock = windowAt(shop.opensAt, shop.closesAt, now);
  return isWindow(shop.projectedWindow) ? laterWindow(clock, shop.projectedWindow) : clock;
}

export interface SaleWindowInput {
  saleStart: Date | null;
  saleEnd: Date | null;
}

/** An item's own sale window: saleStart/saleEnd, each defaulting to the shop's opens_at/closes_at. */
export function saleWindow(
  item: SaleWindowInput,
  shop: Pick<ShopWindowInput, 'opensAt' | 'closesAt'>,
  now: Date,
): Window {
  return windowAt(item.saleStart ?? shop.opensAt, item.saleEnd ?? shop.closesAt, now);
}
