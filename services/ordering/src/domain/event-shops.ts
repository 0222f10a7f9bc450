// How one shop sells one event, for the event's public page: the lowest price and the best availability of the
// shop's items that grant it.
import type { AvailabilityStatus } from '@kassa/contracts/statuses';

/** Better first: what a guest would most like to read. */
const STATUS_RANK: readonly AvailabilityStatus[] = ['available', 'upcoming', 'sold out', 'closed'];

export interface EventShopSummary {
  priceFromMinor: number;
  status: AvailabilityStatus;
}

/**
 * The items granting `eventId` ("from" the lowest price among those not sold out or closed, else among all); null
 * when none grants it.
 */
export function eventShopSummary(
  items: readonly {
    item: { eventIds: readonly string[]; priceMinor: number };
    availability: { status: AvailabilityStatus };
  }[],
  eventId: string,
): EventShopSummary | null {
  const granting = items.filter(({ item }) => item.eventIds.includes(eventId));
  if (granting.length === 0) return null;
  const rank = (status: AvailabilityStatus) => STATUS_RANK.indexOf(status);
  const status = granting.map(({ availability }) => availability.status).sort((a, b) => rank(a) - rank(b))[0]!;
  const buyable = granting.filter(({ availability }) => rank(availability.status) <= rank('upcoming'));
  const priced = buyable.length > 0 ? buyable : granting;
  return { priceFromMinor: Math.min(...priced.map(({ item }) => item.priceMinor)), status };
}
