// An order's life (docs/ARCHITECTURE.md, Checkout and orders): created → reserved → pending (a payment started) → paid;
// reserved or pending → expired (the hold ran out) or canceled (by the organiser); paid → canceled (refunded in full).
// An expired order takes its tickets again when they are still there: held once more when the guest retries the
// payment (reserved), or sold at once when a late payment arrives (paid).

import { type OrderStatus } from '@kassa/contracts/statuses';

export { ORDER_STATUSES, type OrderStatus, isOrderStatus } from '@kassa/contracts/statuses';

const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // Checkout commits an order reserved, or paid at once when its total is zero; "created" is never stored.
  created: ['reserved', 'paid'],
  // A payment may report success before its "pending" arrives (separate consumers): reserved → paid directly.
  reserved: ['pending', 'paid', 'expired', 'canceled'],
  pending: ['paid', 'expired', 'canceled'],
  paid: ['canceled'],
  expired: ['reserved', 'paid'],
  canceled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Throws when the change is not one of the order's life; callers check the state first, so this guards bugs. */
export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) throw new Error(`An order cannot go from ${from} to ${to}`);
}

/** Reserved or pending: its tickets are held and counted as reserved. */
export function isHeld(status: string): boolean {
  return status === 'reserved' || status === 'pending';
}

/** Whether a new payment attempt may start now: held, the hold not over, something to pay. */
export function isPayable(order: { status: string; expiresAt?: Date | null; totalMinor: number }, now: Date): boolean {
  return isHeld(order.status) && !!order.expiresAt && order.expiresAt.getTime() > now.getTime() && order.totalMinor > 0;
}

/**
 * Whether the guest's Retry may hold an order's tickets again: its hold ran out unpaid (not a late payment that was
 * refunded, not canceled) and there is something to pay.
 */
export function isRenewable(order: { status: string; outcome: string; totalMinor: number }): boolean {
  return order.status === 'expired' && order.outcome === 'expired' && order.totalMinor > 0;
}

/** Whether the hold of a held order is over at `now` (the expiry job and the sweep ask this). */
export function isHoldOver(order: { status: string; expiresAt?: Date | null }, now: Date): boolean {
  return isHeld(order.status) && !!order.expiresAt && order.expiresAt.getTime() <= now.getTime();
}

/** When a hold ends: the shop's reservation minutes, or the platform default when the shop has none. */
export function holdEndsAt(now: Date, shopMinutes: number, defaultMinutes: number): Date {
  const minutes = shopMinutes > 0 ? shopMinutes : defaultMinutes;
  return new Date(now.getTime() + Math.round(minutes * 60_000));
}

/** The outcomes an order can end with (GuestOrder.outcome). */
export type OrderOutcome = '' | 'expired' | 'canceled' | 'refunded' | 'late_payment_refunded';
