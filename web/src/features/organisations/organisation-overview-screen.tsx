import { Fragment } from 'react';
import { Coins, Globe, Languages, Users } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { buttonVariants } from '../../components/ui/button';
import { EmptyStatePreset } from '../../components/ui/empty-state';
import { StatusBadge } from '../../components/ui/status-badge';
import {
  changePercent,
  checkedInShare,
  type CurrencySalesView,
  type DashboardEventView,
  type DashboardShopView,
  type DashboardView,
  needsAttention,
  showsCheckIns,
  soldShare,
} from '../../lib/dashboard-model';
import { cn } from '../../lib/cn';
import { useFormatter } from '../../lib/formatter';
import { formatMinor } from '../../lib/money-input';
import type { OrganisationSummary } from '../../lib/organisations';
import { PageHeader } from '../dashboard/page-header';
import { EventDates } from '../events/event-dates';
import { SalesChart } from './sales-chart';

export interface OrganisationOverviewScreenProps {
  organisation: OrganisationSummary;
  memberCount: number;
  dashboard: DashboardView;
  /** When the page is drawn (the server's clock): whether an event's entrance is on today. */
  now: Date;
  Link?: LinkComponent;
}

/** /o/{orgId}: the organiser's morning page: sales at a glance, the live events and how full they are, new orders. */
export function OrganisationOverviewScreen({
  organisation,
  memberCount,
  dashboard,
  now,
  Link = PlainLink,
}: OrganisationOverviewScreenProps) {
  const t = useTranslations('Organisations');
  const base = `/o/${organisation.id}`;
  const canManageMembers = organisation.permissions.includes('members');
  const stats = [
    { key: 'members', label: t('overview.members'), value: String(memberCount), icon: Users },
    { key: 'currency', label: t('overview.currency'), value: organisation.currency, icon: Coins },
    {
      key: 'language',
      label: t('overview.language'),
      value: t(`locales.${organisation.defaultLocale === 'nl' ? 'nl' : 'en'}`),
      icon: Languages,
    },
    // A zone's name is long beside a number: smaller, so that it fits its tile.
    { key: 'time-zone', label: t('overview.timeZone'), value: organisation.timeZone, icon: Globe, long: true },
  ];
  return (
    <div data-testid="page-overview" className="space-y-8">
      <PageHeader title={organisation.name} intro={organisation.description || t('overview.intro')}>
        {canManageMembers && (
          <Link href={`${base}/settings/members`} className={buttonVariants({ variant: 'outline' })}>
            <Users aria-hidden />
            {t('overview.manageMembers')}
          </Link>
        )}
      </PageHeader>
      <Attention dashboard={dashboard} base={base} Link={Link} />
      {dashboard.salesVisible && <SalesSection dashboard={dashboard} base={base} Link={Link} />}
      <section aria-labelledby="overview-events" data-testid="overview-events">
        <h2 id="overview-events" className="mb-3 text-lg font-semibold">
          {t('overview.events')}
        </h2>
        {dashboard.events.length === 0 ? (
          <EmptyStatePreset
            kind="noEventsFound"
            action={
              <Link href={`${base}/events`} className={buttonVariants({ variant: 'outline' })}>
                {t('overview.toEvents')}
              </Link>
            }
          />
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {dashboard.events.map((event) => (
              <EventProgress key={event.id} event={event} href={`${base}/events/${event.id}`} now={now} Link={Link} />
            ))}
          </ul>
        )}
      </section>
      <ShopsSection shops={dashboard.shops} base={base} Link={Link} />
      {dashboard.salesVisible && dashboard.recentOrders.length > 0 && (
        <RecentOrders dashboard={dashboard} base={base} Link={Link} />
      )}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {stats.map(({ key, label, value, icon: Icon, long }) => (
          <div
            key={key}
            className="flex items-center gap-3 rounded-lg border border-border p-4"
            data-testid={`overview-${key}`}
          >
            <Icon aria-hidden className="size-5 text-muted-foreground" />
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd
              className={cn('ml-auto min-w-0 text-right font-semibold tabular-nums', long ? 'text-base' : 'text-2xl')}
            >
              {/* A zone breaks after its slashes ("Europe/" · "Amsterdam"), never inside a name. */}
              {long
                ? String(value)
                    .split('/')
                    .map((part, index) => (
                      <Fragment key={index}>
                        {index > 0 && (
                          <>
                            /<wbr />
                          </>
                        )}
                        {part}
                      </Fragment>
                    ))
                : value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * What an organiser should act on: guests whose e-mail failed, payments and refunds without an outcome, tickets
 * admitted twice at the door, live events no shop sells. Each item links to where it is dealt with.
 */
function Attention({ dashboard, base, Link }: { dashboard: DashboardView; base: string; Link: LinkComponent }) {
  const t = useTranslations('Organisations.overview');
  const { attention } = dashboard;
  const unsold = dashboard.events.filter((event) => event.shopCount === 0);
  if (unsold.length === 0 && !needsAttention(attention)) return null;
  const more = attention.failedEmailOrders - attention.failedEmails.length;
  return (
    <section
      aria-labelledby="overview-attention"
      data-testid="overview-attention"
      className="rounded-lg border border-warning/40 bg-warning/10 p-4"
    >
      <h2 id="overview-attention" className="mb-2 font-semibold">
        {t('attention')}
      </h2>
      <ul className="space-y-1 text-sm">
        {attention.failedEmails.map((failed) => (
          <li key={failed.orderId} data-testid="attention-failed-email" className="flex flex-wrap items-center gap-2">
            <span>{t('emailFailed', { email: failed.email, number: failed.orderNumber })}</span>
            <StatusBadge status={failed.status} />
            <Link href={`${base}/orders/${failed.orderId}`} className="underline">
              {t('toOrder')}
            </Link>
          </li>
        ))}
        {more > 0 && <li data-testid="attention-more-failed-emails">{t('moreEmailsFailed', { count: more })}</li>}
        {attention.stuckPayments > 0 && (
          <li data-testid="attention-stuck-payments">
            {t('stuckPayments', { count: attention.stuckPayments, minutes: attention.stuckAfterMinutes })}{' '}
            <Link href={`${base}/orders?status=pending`} className="underline">
              {t('toOrders')}
            </Link>
          </li>
        )}
        {attention.stuckRefunds > 0 && (
          <li data-testid="attention-stuck-refunds">
            {t('stuckRefunds', { count: attention.stuckRefunds, minutes: attention.stuckAfterMinutes })}{' '}
            <Link href={`${base}/orders`} className="underline">
              {t('toOrders')}
            </Link>
          </li>
        )}
        {attention.scanConflicts.map((entry) => (
          <li key={entry.eventId} data-testid="attention-scan-conflicts">
            {t('scanConflicts', { count: entry.conflicts, name: entry.eventName })}{' '}
            <Link href={`${base}/events/${entry.eventId}/scan`} className="underline">
              {t('toScanner')}
            </Link>
          </li>
        ))}
        {unsold.map((event) => (
          <li key={event.id} data-testid="attention-event-without-shop">
            {t('eventWithoutShop', { name: event.name })}{' '}
            <Link href={`${base}/shops`} className="underline">
              {t('toShops')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ShopsSection({ shops, base, Link }: { shops: DashboardShopView[]; base: string; Link: LinkComponent }) {
  const t = useTranslations('Organisations.overview');
  const format = useFormatter();
  const moment = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="overview-shops" data-testid="overview-shops">
      <h2 id="overview-shops" className="mb-3 text-lg font-semibold">
        {t('shops')}
      </h2>
      {shops.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('noShops')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {shops.map((shop) => (
            <li key={shop.id} className="flex flex-wrap items-center gap-3 p-3 text-sm" data-testid="overview-shop">
              <Link href={`${base}/shops/${shop.id}`} className="font-medium underline-offset-4 hover:underline">
                {shop.name}
              </Link>
              <span className="ml-auto text-muted-foreground">
                {shop.window === 'open'
                  ? t('shopOpen', { date: moment(shop.closesAt) })
                  : t('shopUpcoming', { date: moment(shop.opensAt) })}
              </span>
              {shop.window === 'open' && <StatusBadge status="open" />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SalesSection({ dashboard, base, Link }: { dashboard: DashboardView; base: string; Link: LinkComponent }) {
  const t = useTranslations('Organisations.overview');
  return (
    <section aria-labelledby="overview-sales" data-testid="overview-sales" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="overview-sales" className="text-lg font-semibold">
          {t('sales')}
        </h2>
        <Link href={`${base}/orders?status=reserved`} className="text-sm underline" data-testid="overview-holds">
          {t('openHolds', { orders: dashboard.openHolds, tickets: dashboard.heldTickets })}
        </Link>
      </div>
      {dashboard.sales.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="overview-no-sales">
          {t('noSales')}
        </p>
      ) : (
        dashboard.sales.map((sales) => <CurrencySales key={sales.currency} sales={sales} />)
      )}
    </section>
  );
}

function CurrencySales({ sales }: { sales: CurrencySalesView }) {
  const t = useTranslations('Organisations.overview');
  const locale = useLocale();
  const money = (minor: number) => formatMinor(minor, sales.currency, locale);
  return (
    <div className="space-y-3" data-testid={`overview-sales-${sales.currency}`}>
      <dl className="grid gap-3 sm:grid-cols-3">
        {sales.periods.map(({ period, current, previous }) => {
          const net = current.grossMinor - current.refundedMinor;
          const change = changePercent(net, previous.grossMinor - previous.refundedMinor);
          return (
            <div
              key={period}
              className="rounded-lg border border-border p-4"
              data-testid={`overview-period-${sales.currency}-${period}`}
            >
              <dt className="text-sm text-muted-foreground">{t(`periods.${period}`)}</dt>
              <dd className="mt-1 space-y-1">
                <span className="block text-2xl font-semibold tabular-nums" data-testid="period-revenue">
                  {money(net)}
                </span>
                <span className="block text-sm tabular-nums" data-testid="period-tickets">
                  {t('ticketsSold', { count: current.tickets })}
                </span>
                {current.refunds > 0 && (
                  <span className="block text-sm text-muted-foreground tabular-nums" data-testid="period-refunds">
                    {t('refunds', { count: current.refunds, amount: money(current.refundedMinor) })}
                  </span>
                )}
                <span className="block text-xs text-muted-foreground" data-testid="period-change">
                  {change === null
                    ? t(`compare.${period}`, { amount: money(previous.grossMinor - previous.refundedMinor) })
                    : t(`change.${period}`, { percent: change > 0 ? `+${change}` : String(change) })}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
      <SalesChart currency={sales.currency} days={sales.days} />
    </div>
  );
}

function EventProgress({
  event,
  href,
  now,
  Link,
}: {
  event: DashboardEventView;
  href: string;
  now: Date;
  Link: LinkComponent;
}) {
  const t = useTranslations('Organisations.overview');
  const share = soldShare(event);
  return (
    <li className="rounded-lg border border-border p-4" data-testid="overview-event">
      <Link href={href} className="font-medium underline-offset-4 hover:underline">
        {event.name}
      </Link>
      {event.startsAt && (
        <EventDates
          startsAt={event.startsAt}
          endsAt={event.endsAt}
          timeZone={event.timeZone}
          className="block text-sm text-muted-foreground"
        />
      )}
      <p className="mt-2 text-sm tabular-nums" data-testid="overview-event-sold">
        {event.capacity === null
          ? t('soldUnlimited', { sold: event.sold })
          : t('soldOf', { sold: event.sold, capacity: event.capacity })}
        {event.reserved > 0 && <span className="text-muted-foreground"> · {t('held', { count: event.reserved })}</span>}
      </p>
      {share !== null && (
        <div
          role="progressbar"
          aria-label={t('soldOf', { sold: event.sold, capacity: event.capacity ?? 0 })}
          aria-valuemin={0}
          aria-valuemax={event.capacity ?? 0}
          aria-valuenow={Math.min(event.sold, event.capacity ?? 0)}
          className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary" style={{ width: `${Math.round(share * 100)}%` }} />
        </div>
      )}
      {showsCheckIns(event, now) && (
        <div data-testid="overview-event-check-ins">
          <p className="mt-3 text-sm tabular-nums">
            {t('checkedInOf', { checkedIn: event.checkedIn, sold: event.sold })}
          </p>
          <div
            role="progressbar"
            aria-label={t('checkedInOf', { checkedIn: event.checkedIn, sold: event.sold })}
            aria-valuemin={0}
            aria-valuemax={event.sold}
            aria-valuenow={Math.min(event.checkedIn, event.sold)}
            className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-success" style={{ width: `${Math.round(checkedInShare(event) * 100)}%` }} />
          </div>
        </div>
      )}
    </li>
  );
}

function RecentOrders({ dashboard, base, Link }: { dashboard: DashboardView; base: string; Link: LinkComponent }) {
  const t = useTranslations('Organisations.overview');
  const locale = useLocale();
  return (
    <section aria-labelledby="overview-orders" data-testid="overview-orders">
      <div className="mb-3 flex items-baseline justify-between">
        <h2 id="overview-orders" className="text-lg font-semibold">
          {t('recentOrders')}
        </h2>
        <Link href={`${base}/orders`} className="text-sm underline">
          {t('allOrders')}
        </Link>
      </div>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {dashboard.recentOrders.map((order) => (
          <li key={order.id} className="flex flex-wrap items-center gap-3 p-3 text-sm" data-testid="overview-order">
            <Link href={`${base}/orders/${order.id}`} className="font-mono underline-offset-4 hover:underline">
              {order.number}
            </Link>
            <span className="min-w-0 flex-1 truncate text-muted-foreground">{order.email}</span>
            <span className="tabular-nums">{formatMinor(order.money.totalMinor, order.money.currency, locale)}</span>
            <StatusBadge status={order.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
