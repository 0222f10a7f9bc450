/**
 * How many tickets one guest may hold unpaid for one event at a time. A hold takes tickets out of sale for up to the
 * hold time without a cent paid, so without a cap one address could hold a whole event, again and again as holds
 * expire. The caps count open holds (reserved or pending, hold not ended) of the same e-mail address (any case) and of
 * the same client address, over the events of the cart; the client cap is the larger one because a venue, an office
 * or a mobile carrier puts many honest guests behind one address. Paid orders never count.
 */
export interface HoldLimits {
  /** ORDERING_MAX_HELD_TICKETS_PER_EMAIL */
  perEmail: number;
  /** ORDERING_MAX_HELD_TICKETS_PER_ADDRESS */
  perAddress: number;
}

export const DEFAULT_HOLD_LIMITS: HoldLimits = { perEmail: 20, perAddress: 60 };

/** The longest text form of an IPv6 address (with an IPv4 tail). */
export const CLIENT_ADDRESS_MAX_LENGTH = 45;
/** What the BFF may send as a client address: an IPv4 or IPv6 text form; anything else is treated as unknown. */
export const CLIENT_ADDRESS_PATTERN = new RegExp(`^[0-9A-Fa-f:.]{2,${CLIENT_ADDRESS_MAX_LENGTH}}$`);

export interface HeldTickets {
  byEmail: number;
  byAddress: number;
}

/** Which cap this checkout of `wanted` tickets would pass, or null when it stays within both. */
export function holdLimitPassed(
  held: HeldTickets,
  wanted: number,
  limits: HoldLimits,
  hasAddress: boolean,
): 'email' | 'address' | null {
  if (held.byEmail + wanted > limits.perEmail) return 'email';
  if (hasAddress && held.byAddress + wanted > limits.perAddress) return 'address';
  return null;
}
