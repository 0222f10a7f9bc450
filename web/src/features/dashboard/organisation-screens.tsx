// The organisation area's simple pages: the overview and the event scanner's page before ticketing exists.
// Server-renderable (no client hooks).
import { CalendarDays, History, Receipt, Wallet } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { buttonVariants } from '../../components/ui/button';
import { EmptyState, EmptyStatePreset } from '../../components/ui/empty-state';
import { PageHeader } from './page-header';

// For the pages (the package exports .tsx modules only).
export { eventTabFromQuery } from './destinations';

export interface OrgScreenProps {
  orgId: string;
  Link?: LinkComponent;
}

export function OverviewScreen({ orgId, Link = PlainLink }: OrgScreenProps) {
  const t = useTranslations('Dashboard.overview');
  const stats = [
    { key: 'events', label: t('events'), icon: CalendarDays },
    { key: 'ticketsSold', label: t('ticketsSold'), icon: Wallet },
    { key: 'orders', label: t('orders'), icon: Receipt },
  ];
  return (
    <div data-testid="page-overview">
      <PageHeader title={t('title')} intro={t('intro')} />
      <dl className="mb-6 grid gap-4 sm:grid-cols-3">
        {stats.map(({ key, label, icon: Icon }) => (
          <div key={key} className="flex items-center gap-3 rounded-lg border border-border p-4">
            <Icon aria-hidden className="size-5 text-muted-foreground" />
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="ml-auto text-2xl font-semibold tabular-nums">0</dd>
          </div>
        ))}
      </dl>
      <EmptyStatePreset
        kind="noEventsFound"
        action={
          <Link href={`/o/${orgId}/events`} className={buttonVariants({ variant: 'outline' })}>
            {t('createEvent')}
          </Link>
        }
      />
    </div>
  );
}

export function HistoryEmptyState() {
  const t = useTranslations('Dashboard.history');
  return <EmptyState icon={History} title={t('emptyTitle')} description={t('emptyDescription')} />;
}

/** /o/{orgId}/events/{eventId}/scan: the organiser's scanner (the camera arrives with ticketing). */
export function EventScanScreen() {
  const t = useTranslations('Dashboard.event');
  return (
    <div data-testid="page-event-scan">
      <PageHeader title={t('scanTitle')} intro={t('scanIntro')} />
      <EmptyStatePreset kind="noTicketsSold" />
    </div>
  );
}
