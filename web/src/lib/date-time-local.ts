// <input type="datetime-local"> speaks "YYYY-MM-DDTHH:mm" as a wall clock (the browser's, or a zone the form names,
// such as an event's); the API speaks ISO instants.
import { fromWallClock, isCalendarDay, wallClockIn } from '@kassa/contracts/time-zones';

const pad = (value: number) => String(value).padStart(2, '0');
const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * An instant as the value of a datetime-local input: the wall clock in `timeZone`, or in the time zone of the machine
 * running this without one; '' for nothing.
 */
export function toDateTimeLocal(iso: string | undefined, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (timeZone) return wallClockIn(date, timeZone);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local value as an ISO instant (the wall clock in `timeZone`, or the machine's without one → UTC), or
 * undefined when it is empty or not a real moment (month 13, 31 February). A wall-clock time skipped by a
 * daylight-saving jump moves forward, as browsers do.
 */
export function fromDateTimeLocal(value: string, timeZone?: string): string | undefined {
  const match = LOCAL_VALUE.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // Date rolls 31 February over into March; a real date keeps its own day and month.
  if (!isCalendarDay(`${match[1]}-${match[2]}-${match[3]}`)) return undefined;
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  if (timeZone)
    return fromWallClock(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}`, timeZone)?.toISOString();
  return new Date(year, month - 1, day, hours, minutes, seconds).toISOString();
}
