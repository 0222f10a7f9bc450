'use client';
// Sales and check-ins on an event's Overview: tickets sold, checked in (with a progress bar), canceled, revenue,
// the same per ticket option, the last hour's check-ins per minute, and open offline conflicts (tickets admitted
// at two scanners while offline) with the way to the scanner that resolves them.
import { TriangleAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Money } from '../orders/order-support';
import { checkedInPercent, eventScanHref, type TicketStatsView } from './ticket-model';
import { useFormatter } from '../../lib/formatter';

export interface EventTicketStatsProps {
  orgId: string;
  eventId: string;
  /** null: ticketing could not be asked just now. */
  stats: TicketStatsView | null;
  Link?: LinkComponent;
}

export function EventTicketStats({ orgId, eventId, stats, Link = PlainLink }: EventTicketStatsProps) {
  const t = useTranslations('Tickets.stats');
  const format = useFormatter();
  if (stats === null) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="ticket-stats-unavailable">
        {t('unavailable')}
      </p>
    );
  }
  const percent = checkedInPercent(stats.checkedIn, stats.sold);
  const lastHour = stats.checkInsPerMinute.reduce((sum, count) => sum + count, 0);
  return (
    <section aria-labelledby="ticket-stats-title" className="flex flex-col gap-4" data-testid="ticket-stats">
      <h2 id="ticket-stats-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label={t('sold')} testId="stats-sold">
          {format.number(stats.sold)}
        </Figure>
        <Figure label={t('checkedIn')} testId="stats-checked-in">
          {format.number(stats.checkedIn)}
        </Figure>
        <Figure label={t('canceled')} testId="stats-canceled">
          {format.number(stats.canceled)}
        </Figure>
        <Figure label={t('revenue')} testId="stats-revenue">
          <Money minor={stats.revenueMinor} currency={stats.currency} />
        </Figure>
      </div>

      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between text-sm">
          <span className="font-medium">{t('checkInProgress')}</span>
          <span className="tabular-nums text-muted-foreground" data-testid="stats-progress-text">
            {t('checkedInOf', { checkedIn: stats.checkedIn, sold: stats.sold, percent })}
          </span>
        </div>
        <ProgressBar value={percent} label={t('checkInProgress')} testId="stats-progress" />
        {stats.checkInsPerMinute.length > 0 && (
          <div className="flex items-end gap-3 pt-2">
            <Sparkline values={stats.checkInsPerMinute} label={t('lastHourLabel', { count: lastHour })} />
            <span className="text-xs text-muted-foreground">{t('lastHour', { count: lastHour })}</span>
          </div>
        )}
      </div>

      {stats.openConflicts > 0 && (
        <div
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-warning/40 bg-warning-muted px-4 py-3 text-sm"
          data-testid="stats-conflicts"
        >
          <span className="flex items-center gap-2">
            <TriangleAlert aria-hidden className="size-4 text-warning" />
            {t('conflicts', { count: stats.openConflicts })}
          </span>
          <Link
            href={eventScanHref(orgId, eventId)}
            className="font-medium text-secondary underline underline-offset-4 hover:decoration-2"
          >
            {t('resolve')}
          </Link>
        </div>
      )}

      {stats.options.length > 0 && (
        <div className="overflow-x-auto rounded-md border border-border">
          <table className="w-full text-sm" data-testid="stats-options">
            <caption className="sr-only">{t('optionsCaption')}</caption>
            <thead className="bg-muted/50">
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="h-10 px-3 font-medium">
                  {t('columns.option')}
                </th>
                <th scope="col" className="h-10 px-3 text-right font-medium">
                  {t('columns.sold')}
                </th>
                <th scope="col" className="h-10 px-3 text-right font-medium">
                  {t('columns.checkedIn')}
                </th>
                <th scope="col" className="h-10 w-1/3 px-3 font-medium">
                  <span className="sr-only">{t('checkInProgress')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.options.map((option) => (
                <tr key={option.ticketOptionId} className="border-b border-border last:border-0">
                  <td className="px-3 py-2.5">{option.name}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{format.number(option.sold)}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{format.number(option.checkedIn)}</td>
                  <td className="px-3 py-2.5">
                    <ProgressBar
                      value={checkedInPercent(option.checkedIn, option.sold)}
                      label={t('optionProgress', { name: option.name })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-semibold tabular-nums" data-testid={testId}>
          {children}
        </p>
      </CardContent>
    </Card>
  );
}

/** A bar from 0 to 100 with its value for assistive technology. */
function ProgressBar({ value, label, testId }: { value: number; label: string; testId?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
      data-testid={testId}
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}

/** The last hour's check-ins per minute as small bars (oldest left), scaled to the busiest minute. */
function Sparkline({ values, label }: { values: number[]; label: string }) {
  const max = Math.max(1, ...values);
  const width = values.length * 3;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} 24`}
      className="h-6 w-48 text-primary"
      preserveAspectRatio="none"
    >
      {values.map((count, index) => {
        const height = count === 0 ? 0.5 : Math.max(2, (count / max) * 24);
        return (
          <rect
            key={index}
            x={index * 3}
            y={24 - height}
            width={2}
            height={height}
            fill="currentColor"
            opacity={count === 0 ? 0.3 : 1}
          />
        );
      })}
    </svg>
  );
}
