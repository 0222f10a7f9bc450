'use client';
// The bars of the sales chart, drawn by recharts (the spec's chart library). Loaded by sales-chart.tsx only after
// hydration, so recharts stays out of the server's HTML and out of every other page's JavaScript.
import { useLocale, useTranslations } from 'next-intl';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormatter } from '../../lib/formatter';
import { formatMinor } from '../../lib/money-input';
import type { SalesChartProps } from './sales-chart';

const TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };

/** Net sales per day, one bar a day; a day with more refunded than sold goes below the zero line. */
export default function SalesBars({ currency, days }: SalesChartProps) {
  const t = useTranslations('Organisations.overview');
  const locale = useLocale();
  const format = useFormatter();
  const money = (minor: number) => formatMinor(minor, currency, locale);
  // A day is a calendar date ("2026-07-14"), the same wherever it is read: format it as such, in UTC.
  const shortDate = (date: string) => {
    const day = new Date(`${date}T00:00:00Z`);
    return Number.isNaN(day.getTime())
      ? date
      : format.dateTime(day, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  };
  return (
    <BarChart
      responsive
      data={days}
      style={{ width: '100%', height: '100%' }}
      margin={{ top: 4, right: 4, bottom: 0, left: 0 }}
      // The table beside the chart is what screen readers and keyboards get; the chart itself is hidden from them.
      accessibilityLayer={false}
    >
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis
        dataKey="date"
        tickFormatter={(date: string) => shortDate(date)}
        tick={TICK}
        tickLine={false}
        axisLine={{ stroke: 'var(--border)' }}
        minTickGap={16}
      />
      <YAxis
        width="auto"
        tickFormatter={(minor: number) => money(minor)}
        tick={TICK}
        tickLine={false}
        axisLine={false}
        allowDecimals={false}
      />
      <Tooltip
        cursor={{ fill: 'var(--muted)' }}
        isAnimationActive={false}
        content={({ active, activeIndex }) => {
          const day = active && activeIndex != null ? days[Number(activeIndex)] : undefined;
          return day ? (
            <p
              className="rounded-md border border-border bg-popover px-2 py-1 text-xs text-popover-foreground shadow-sm"
              data-testid="overview-chart-tooltip"
            >
              {`${day.date}: ${money(day.netMinor)} · ${t('ticketsSold', { count: day.tickets })}`}
            </p>
          ) : null;
        }}
      />
      <Bar dataKey="netMinor" fill="var(--primary)" radius={[2, 2, 0, 0]} isAnimationActive={false} />
    </BarChart>
  );
}
