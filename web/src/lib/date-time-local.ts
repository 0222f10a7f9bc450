// <input type="datetime-local"> speaks "YYYY-MM-DDTHH:mm" in the browser's time zone; the API speaks ISO instants.

const pad = (value: number) => String(value).padStart(2, '0');
const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** An instant as the value of a datetime-local input, in the time zone of the machine running this; '' for nothing. */
export function toDateTimeLocal(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local value as an ISO instant (local wall-clock time → UTC), or undefined when it is empty or not a
 * real moment (month 13, 31 February). A wall-clock time skipped by a daylight-saving jump moves forward, as browsers do.
 */
export function fromDateTimeLocal(value: string): string | undefined {
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
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // Date rolls 31 February over into March; a real date keeps its own day and month.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return undefined;
  return date.toISOString();
}
