import type { Location } from './event-fields';
import { type Translation, textsIn } from './translations';

interface Texts {
  name: string;
  description: string;
  translations: readonly Translation[];
}

export interface PublicEventView {
  id: string;
  organisationId: string;
  name: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
  location: Location;
  timeZone: string;
  ticketOptions: { id: string; name: string; description: string }[];
}

/** An event as a guest sees it: every text in the guest's locale, falling back to the event's own texts. */
export function publicEventView(
  event: Texts & {
    id: string;
    organisationId: string;
    startsAt: Date;
    endsAt: Date;
    status: string;
    location: Location;
    timeZone: string;
  },
  ticketOptions: readonly (Texts & { id: string })[],
  locale: string,
): PublicEventView {
  return {
    id: event.id,
    organisationId: event.organisationId,
    ...textsIn(locale, event),
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    status: event.status,
    location: { ...event.location },
    timeZone: event.timeZone,
    ticketOptions: ticketOptions.map((option) => ({ id: option.id, ...textsIn(locale, option) })),
  };
}
