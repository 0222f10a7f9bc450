import { addDays, calendarDay } from '@kassa/contracts/time-zones';
import {
  CHART_DAYS,
  type DailySales,
  eventCapacity,
  firstDayRead,
  salesOverview,
} from '../../src/domain/sales-overview';

const day = (currency: string, date: string, tickets: number, grossMinor: number, refundedMinor = 0): DailySales => ({
  currency,
  day: date,
  orders: tickets > 0 ? 1 : 0,
  tickets,
  grossMinor,
  refunds: refundedMinor > 0 ? 1 : 0,
  refundedMinor,
});

describe('calendar days', () => {
  it('counts days across a month, a year and a change of summer time', () => {
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-10-26', -2)).toBe('2026-10-24');
  });

  it('takes the day in Amsterdam, not in UTC', () => {
    expect(calendarDay(new Date('2026-11-29T23:30:00Z'))).toBe('2026-11-30');
    expect(calendarDay(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
    expect(calendarDay(new Date('2026-07-01T21:30:00Z'))).toBe('2026-07-01');
  });
});

describe('salesOverview', () => {
  const today = '2026-11-29';

  it('reads 60 days back: the 30 days and the 30 before them', () => {
    expect(firstDayRead(today)).toBe('2026-10-01');
  });

  it('puts each day in its span and the span before, per currency in alphabetical order', () => {
    const overview = salesOverview(
      [
        day('USD', today, 1, 1000),
        day('EUR', today, 2, 5000, 1000),
        day('EUR', addDays(today, -1), 1, 2500),
        day('EUR', addDays(today, -6), 4, 10000),
        day('EUR', addDays(today, -7), 3, 7500),
        day('EUR', addDays(today, -29), 1, 2500),
        day('EUR', addDays(today, -30), 5, 12500),
        day('EUR', addDays(today, -59), 1, 2500),
      ],
      today,
    );
    expect(overview.map((sales) => sales.currency)).toEqual(['EUR', 'USD']);
    const tickets = overview[0]!.periods.map(({ period, current, previous }) => [
      period,
      current.tickets,
      previous.tickets,
    ]);
    expect(tickets).toEqual([
      ['today', 2, 1],
      ['7d', 7, 3],
      ['30d', 11, 6],
    ]);
    expect(overview[0]!.periods[0]!.current).toEqual({
      orders: 1,
      tickets: 2,
      grossMinor: 5000,
      refunds: 1,
      refundedMinor: 1000,
    });
  });

  it('adds up two rows of one day and fills the chart with every day, net of refunds', () => {
    const [eur] = salesOverview([day('EUR', today, 1, 2500), day('EUR', today, 0, 0, 4000)], today);
    expect(eur!.days).toHaveLength(CHART_DAYS);
    expect(eur!.days[CHART_DAYS - 1]).toEqual({ date: today, tickets: 1, netMinor: -1500 });
    expect(eur!.days[0]).toEqual({ date: addDays(today, 1 - CHART_DAYS), tickets: 0, netMinor: 0 });
  });
});

describe('eventCapacity', () => {
  it('is the smaller limit, either one alone, or unlimited', () => {
    expect(eventCapacity(30, 40)).toBe(30);
    expect(eventCapacity(50, 40)).toBe(40);
    expect(eventCapacity(null, 40)).toBe(40);
    expect(eventCapacity(30, null)).toBe(30);
    expect(eventCapacity(null, null)).toBeNull();
  });
});
