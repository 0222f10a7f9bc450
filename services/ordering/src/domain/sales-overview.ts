// The dashboard's sales figures, from sums per currency and calendar day (persistence/dashboard.repository.ts): the
// spans today, 7 and 30 days beside the same number of days before each, and the last 30 days for the chart.
import { addDays } from '@kassa/contracts/time-zones';

/** Orders paid and refunds that succeeded in one currency on one calendar day ("YYYY-MM-DD"). */
export interface DailySales {
  currency: string;
  day: string;
  orders: number;
  tickets: number;
  grossMinor: number;
  refunds: number;
  refundedMinor: number;
}

export interface SalesFigures {
  orders: number;
  tickets: number;
  grossMinor: number;
  refunds: number;
  refundedMinor: number;
}

export const SALES_PERIODS = [
  { period: 'today', days: 1 },
  { period: '7d', days: 7 },
  { period: '30d', days: 30 },
] as const;

/** The chart's days, and the longest span's days before it: how far back the sums must reach. */
export const CHART_DAYS = 30;
export const DAYS_READ = 2 * Math.max(...SALES_PERIODS.map(({ days }) => days));

export interface CurrencySales {
  currency: string;
  periods: { period: (typeof SALES_PERIODS)[number]['period']; current: SalesFigures; previous: SalesFigures }[];
  days: { date: string; tickets: number; netMinor: number }[];
}

const NO_SALES: SalesFigures = { orders: 0, tickets: 0, grossMinor: 0, refunds: 0, refundedMinor: 0 };

/** The first day `DAYS_READ` days back from `today`, inclusive: where the sums start. */
export function firstDayRead(today: string): string {
  return addDays(today, 1 - DAYS_READ);
}

/** Per currency (alphabetical), the spans and the chart, from the daily sums up to and including `today`. */
export function salesOverview(daily: readonly DailySales[], today: string): CurrencySales[] {
  const byCurrency = new Map<string, Map<string, DailySales>>();
  for (const row of daily) {
    const days = byCurrency.get(row.currency) ?? new Map<string, DailySales>();
    const seen = days.get(row.day);
    days.set(row.day, seen ? addUp(seen, row) : row);
    byCurrency.set(row.currency, days);
  }
  return [...byCurrency.keys()].sort().map((currency) => {
    const days = byCurrency.get(currency)!;
    // Day `n` counts back from today: 0 is today, 1 yesterday.
    const span = (from: number, count: number): SalesFigures => {
      let total = NO_SALES;
      for (let n = from; n < from + count; n += 1) {
        const day = days.get(addDays(today, -n));
        if (day) total = addUp(total, day);
      }
      return total;
    };
    return {
      currency,
      periods: SALES_PERIODS.map(({ period, days: length }) => ({
        period,
        current: span(0, length),
        previous: span(length, length),
      })),
      days: Array.from({ length: CHART_DAYS }, (_, index) => {
        const date = addDays(today, index + 1 - CHART_DAYS);
        const day = days.get(date);
        return { date, tickets: day?.tickets ?? 0, netMinor: day ? day.grossMinor - day.refundedMinor : 0 };
      }),
    };
  });
}

function addUp<T extends SalesFigures>(a: T, b: SalesFigures): T {
  return {
    ...a,
    orders: a.orders + b.orders,
    tickets: a.tickets + b.tickets,
    grossMinor: a.grossMinor + b.grossMinor,
    refunds: a.refunds + b.refunds,
    refundedMinor: a.refundedMinor + b.refundedMinor,
  };
}

/**
 * What an event can sell at most: its own ticket limit, the sum of its ticket options' capacities when every one has
 * one, the smaller when both; null when unlimited.
 */
export function eventCapacity(ticketLimit: number | null, optionsCapacity: number | null): number | null {
  if (ticketLimit === null) return optionsCapacity;
  if (optionsCapacity === null) return ticketLimit;
  return Math.min(ticketLimit, optionsCapacity);
}
