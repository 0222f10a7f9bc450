// Words of ordering's own violations, in the style of the spec's messages (platform `messages` holds the spec's).
import type { AvailabilityStatus } from './availability';

export const orderingMessages = {
  /** A quantity above what one order may take now. */
  maxValue: (n: number): string => `Maximum value is ${n}`,
  /** A quantity of an item that cannot be bought now. */
  notOnSale: (status: Exclude<AvailabilityStatus, 'available'>): string =>
    status === 'sold out'
      ? 'This item is sold out'
      : status === 'upcoming'
        ? 'This item is not on sale yet'
        : 'This item is no longer on sale',
  /** The same item on two lines. */
  duplicateLine: 'Each item can be in the cart only once',
  /** A checkout that would take one guest's open holds for an event past the cap (hold-limits.ts). */
  holdLimitReached:
    'You already hold as many tickets for this event as one guest may; pay for or cancel your open order first',
  /** Retry of an expired order whose tickets (or its shop, or its discount code's uses) are gone. */
  orderTicketsGone: 'The tickets of this order are no longer available. Please place a new order in the shop.',
  /** Retry of an order that has been paid, canceled or refunded since. */
  orderNotRenewable: 'This order can no longer be paid',
} as const;
