import {
  addDays,
  calendarDay,
  fromWallClock,
  isCalendarDay,
  isTimeZone,
  timeZones,
  wallClockIn,
  zoneName,
} from '../../src/time-zones';

describe('time zones', () => {
  it('know the IANA zones by their exact names, and UTC', () => {
    expect(timeZones()).toContain('Europe/Amsterdam');
    expect(timeZones()).toContain('UTC');
    for (const zone of ['Europe/Amsterdam', 'America/New_York', 'Asia/Kolkata', 'UTC'])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['europe/amsterdam', 'Mars/Base', 'CEST', '', ' UTC', 'x'.repeat(65), 7, null])
      expect(isTimeZone(zone)).toBe(false);
  });

  it("turn a wall clock in a zone into the moment it names, and back, across daylight saving's jumps", () => {
    expect(fromWallClock('2031-07-10T20:00', 'America/New_York')?.toISOString()).toBe('2031-07-11T00:00:00.000Z');
    expect(fromWallClock('2031-01-10T20:00', 'Europe/Amsterdam')?.toISOString()).toBe('2031-01-10T19:00:00.000Z');
    expect(fromWallClock('2031-07-10T20:00', 'Asia/Kolkata')?.toISOString()).toBe('2031-07-10T14:30:00.000Z');
    // 02:30 on 28 March 2027 does not exist in Amsterdam (02:00 → 03:00): it moves on by the gap.
    expect(fromWallClock('2027-03-28T02:30', 'Europe/Amsterdam')?.toISOString()).toBe('2027-03-28T01:30:00.000Z');
    // 02:30 on 31 October 2027 happens twice: the first (summer time).
    expect(fromWallClock('2027-10-31T02:30', 'Europe/Amsterdam')?.toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(fromWallClock('not a time', 'UTC')).toBeNull();
    for (const at of ['2031-07-11T00:00:00.000Z', '2027-03-28T01:30:00.000Z', '2031-12-31T23:59:00.000Z'])
      for (const zone of ['America/New_York', 'Europe/Amsterdam', 'Pacific/Kiritimati'])
        expect(fromWallClock(wallClockIn(new Date(at), zone), zone)?.toISOString()).toBe(at);
  });

  it('name a zone as readers know it', () => {
    expect(zoneName(new Date('2031-07-10T12:00:00Z'), 'Europe/Amsterdam', 'en-GB')).toBe('CEST');
    expect(zoneName(new Date('2031-01-10T12:00:00Z'), 'Europe/Amsterdam', 'en-GB')).toBe('CET');
    expect(zoneName(new Date('2031-07-10T12:00:00Z'), 'America/New_York', 'en')).toBe('EDT');
  });

  it('count calendar days', () => {
    expect(calendarDay(new Date('2031-07-10T23:30:00Z'), 'Europe/Amsterdam')).toBe('2031-07-11');
    expect(calendarDay(new Date('2031-07-10T23:30:00Z'), 'America/New_York')).toBe('2031-07-10');
    expect(addDays('2031-02-28', 1)).toBe('2031-03-01');
    expect(isCalendarDay('2031-02-28')).toBe(true);
    for (const day of ['2031-02-29', '2031-13-01', '2031-1-01', '', '2031-04-31'])
      expect(isCalendarDay(day)).toBe(false);
  });
});
