/**
 * The time zone every date is shown in and every calendar day is counted in (pages, e-mails, the dashboard's days)
 * until events carry their own.
 */
export const DISPLAY_TIME_ZONE = 'Europe/Amsterdam';

/** "YYYY-MM-DD": the calendar day `at` falls on in `timeZone`. */
export function calendarDay(at: Date, timeZone: string = DISPLAY_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The "YYYY-MM-DD" day `days` after `day` (before, when negative); calendar arithmetic, no time zone involved. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
