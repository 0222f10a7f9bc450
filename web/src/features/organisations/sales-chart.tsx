'use client';
// The dashboard's chart of net sales per day. The figure, its caption and the table of the same figures are rendered
// on the server; the bars (recharts, which measures its box and renders only in the browser) are drawn after
// hydration into a box of fixed height, so the server's HTML and the first render in the browser are the same and
// nothing below the chart moves when it appears. recharts is loaded on its own, only by this page, only then.
import { useLocale, useTranslations } from 'next-intl';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { CurrencySalesView } from '../../lib/dashboard-model';
import { formatMinor } from '../../lib/money-input';

export type SalesDay = CurrencySalesView['days'][number];

export interface SalesChartProps {
  currency: string;
  /** Oldest first, today last. */
  days: SalesDay[];
}

const SalesBars = lazy(() => import('./sales-bars'));

const subscribeNever = () => () => {};

/** False on the server and while React hydrates, true after (and at once in a tree first rendered in the browser). */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** Net sales per day as bars, with a table of the same figures for screen readers and for copying. */
export function SalesChart({ currency, days }: SalesChartProps) {
  const t = useTranslations('Organisations.overview');
  const locale = useLocale();
  const hydrated = useHydrated();
  const money = (minor: number) => formatMinor(minor, currency, locale);
  return (
    <figure className="rounded-lg border border-border p-4" data-testid={`overview-chart-${currency}`}>
      <figcaption className="mb-3 text-sm text-muted-foreground">{t('chartCaption', { currency })}</figcaption>
      {/* Fixed height, on the server too: the bars fill the box, they never size it. */}
      <div className="h-40" aria-hidden data-testid="overview-chart-plot">
        {hydrated && (
          <Suspense fallback={null}>
            <SalesBars currency={currency} days={days} />
          </Suspense>
        )}
      </div>
      <table className="sr-only">
        <caption>{t('chartCaption', { currency })}</caption>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{money(day.netMinor)}</td>
              <td>{t('ticketsSold', { count: day.tickets })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
