// Time zones: every event has its own (IANA, e.g. "Europe/Amsterdam"), its dates are shown in it with the zone
// named, and the organiser's forms edit its wall-clock times in it. The organisation's zone is the default for its
// new events; the platform's is the default for an organisation that chose none.

/** The platform's default zone: dates not tied to an event (the dashboard's days, an invitation's expiry). */
export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';
/** The longest IANA zone name we accept ("America/Argentina/ComodRivadavia" is 32). */
export const TIME_ZONE_MAX_LENGTH = 64;

/** Every zone this runtime's ICU knows by its canonical IANA name, and UTC (what the services accept). */
export function timeZones(): readonly string[] {
  return zoneList;
}
const zoneList: readonly string[] = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
const zoneSet = new Set(zoneList);

/** How the IANA database spells a zone: segments that start with a capital ("Europe/Amsterdam", "Etc/GMT+1"). */
const IANA_SPELLING = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z][A-Za-z0-9_+-]*)*$/;

/**
 * Whether `value` is a zone: one of timeZones() exactly as spelled there, or another IANA name for one of them that
 * ICU files under its older name (Asia/Kolkata is ICU's Asia/Calcutta), spelled as the IANA database spells it.
 */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > TIME_ZONE_MAX_LENGTH) return false;
  if (zoneSet.has(value)) return true;
  if (!IANA_SPELLING.test(value)) return false;
  try {
    return zoneSet.has(new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** "YYYY-MM-DD": the calendar day `at` falls on in `timeZone`. */
export function calendarDay(at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Whether `value` is a real calendar day written "YYYY-MM-DD" (not 31 February, not month 13). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The "YYYY-MM-DD" day `days` after `day` (before, when negative); calendar arithmetic, no time zone involved. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The zone's short name at `at` as readers of `locale` know it: "CEST", "GMT+1", "GMT-4". */
export function zoneName(at: Date, timeZone: string, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** Minutes the zone is ahead of UTC at `at` (CEST: 120). */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** "YYYY-MM-DDTHH:mm" (a datetime-local input's value) as the wall clock in `timeZone` shows `at`. */
export function wallClockIn(at: Date, timeZone: string): string {
  const shifted = new Date(at.getTime() + offsetMinutes(at, timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/**
 * The moment a wall-clock time "YYYY-MM-DDTHH:mm" in `timeZone` names; null for a malformed value. A time that the
 * clocks skip (spring forward) moves on by the gap, and one they pass twice (fall back) is the first of the two.
 */
export function fromWallClock(wallClock: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wallClock);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc)) return null;
  // The offset a little before and after: the first guess is right unless a change of offset lies in between.
  const before = offsetMinutes(new Date(asUtc - 26 * 3_600_000), timeZone);
  const after = offsetMinutes(new Date(asUtc + 26 * 3_600_000), timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => new Date(asUtc - offset * 60_000))
    .filter((candidate) => wallClockIn(candidate, timeZone) === wallClock)
    .sort((a, b) => a.getTime() - b.getTime());
  return candidates[0] ?? new Date(asUtc - before * 60_000);
}
