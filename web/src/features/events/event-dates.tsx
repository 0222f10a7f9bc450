import { zoneName } from '@kassa/contracts/time-zones';
import { useLocale } from 'next-intl';
import { useFormatter } from '../../lib/formatter';

/**
 * "12 Mar 2027, 20:00 – 23:30 CET" in the active locale and the event's own time zone, named (a guest abroad or an
 * organiser elsewhere reads the event's wall clock, and knows it is not theirs); a range over days names both days.
 */
export function EventDates({
  startsAt,
  endsAt,
  timeZone,
  className,
}: {
  startsAt: string;
  endsAt: string;
  timeZone: string;
  className?: string;
}) {
  const format = useFormatter();
  const locale = useLocale();
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  return (
    <time dateTime={startsAt} className={className} data-time-zone={timeZone}>
      {`${format.dateTimeRange(start, end, { dateStyle: 'medium', timeStyle: 'short', timeZone })} ${zoneName(start, timeZone, locale)}`}
    </time>
  );
}
