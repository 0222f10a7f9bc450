import type { EventLocation } from '../../lib/event-model';

/** The one-line address: "Street 1, 1234 AB Amsterdam, NL". */
export function locationLine(location: EventLocation): string {
  const place = [location.postalCode, location.city].filter(Boolean).join(' ');
  return [location.address, place, location.country].filter(Boolean).join(', ');
}
