import { useFormatter } from '../../lib/formatter';

/** "12 Mar 2027, 20:00 – 23:30" in the active locale and time zone; a range over days names both days. */
export function EventDates({ startsAt, endsAt, className }: { startsAt: string; endsAt: string; className?: string }) {
  const format = useFormatter();
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  return (
    <time dateTime={startsAt} className={className}>
      {format.dateTimeRange(start, end, { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  );
}
