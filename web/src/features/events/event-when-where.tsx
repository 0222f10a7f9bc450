// When and where an event is, as a definition list with icons (the public event page and the public shop).
import { CalendarDays, MapPin } from 'lucide-react';
import type { EventLocation } from '../../lib/event-model';
import { cn } from '../../lib/cn';
import { EventDates } from './event-dates';
import { locationLine } from './event-location';

export interface EventWhenWhereProps {
  startsAt: string;
  endsAt: string;
  /** IANA zone the dates are shown in. */
  timeZone: string;
  location: EventLocation;
  /** The screen-reader names of the two rows. */
  labels: { when: string; where: string };
  className?: string;
}

export function EventWhenWhere({ startsAt, endsAt, timeZone, location, labels, className }: EventWhenWhereProps) {
  const place = locationLine(location);
  return (
    <dl className={cn('flex flex-col text-muted-foreground sm:flex-row sm:flex-wrap', className)}>
      <div className="flex items-center gap-2">
        <dt>
          <CalendarDays aria-hidden className="size-4" />
          <span className="sr-only">{labels.when}</span>
        </dt>
        <dd>
          <EventDates startsAt={startsAt} endsAt={endsAt} timeZone={timeZone} />
        </dd>
      </div>
      {place && (
        <div className="flex items-center gap-2">
          <dt>
            <MapPin aria-hidden className="size-4" />
            <span className="sr-only">{labels.where}</span>
          </dt>
          <dd>{place}</dd>
        </div>
      )}
    </dl>
  );
}
