// /o/{orgId}/scan ("Scan Tickets"): the organisation's live events that have not ended yet, soonest first, each
// with the way to its scanner. Only members who may check in get here (the page refuses the others).
// Server-rendered, no client code.
import { ScanLine } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { PlainLink, type LinkComponent } from '../../components/link-like';
import { buttonVariants } from '../../components/ui/button';
import { EmptyStatePreset } from '../../components/ui/empty-state';
import { StatusBadge } from '../../components/ui/status-badge';
import type { EventView } from '../../lib/event-model';
import { PageHeader } from '../dashboard/page-header';
import { EventDates } from '../events/event-dates';
import { locationLine } from '../events/event-location';
import { eventScanHref } from './ticket-model';

/** Live events that have not ended at `now`, soonest first: the ones whose entrance can still be scanned. */
export function scannableEvents(events: readonly EventView[], now: number): EventView[] {
  return events
    .filter((event) => event.status === 'live' && !(Date.parse(event.endsAt) < now))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.name.localeCompare(b.name));
}

export interface ScanEventsScreenProps {
  orgId: string;
  /** Already filtered and ordered (scannableEvents). */
  events: EventView[];
  Link?: LinkComponent;
}

export function ScanEventsScreen({ orgId, events, Link = PlainLink }: ScanEventsScreenProps) {
  const t = useTranslations('Tickets.scanEvents');
  return (
    <div data-testid="page-scan-pick">
      <PageHeader title={t('title')} intro={t('intro')} />
      {events.length === 0 ? (
        <EmptyStatePreset kind="noEventsFound" description={t('empty')} />
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="scan-events">
          {events.map((event) => {
            const place = locationLine(event.location);
            return (
              <li
                key={event.id}
                className="flex flex-wrap items-center justify-between gap-4 p-4"
                data-testid="scan-event"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{event.name}</span>
                    <StatusBadge status={event.status} />
                  </span>
                  <EventDates
                    startsAt={event.startsAt}
                    timeZone={event.timeZone}
                    endsAt={event.endsAt}
                    className="text-sm text-muted-foreground"
                  />
                  {place && <span className="text-sm text-muted-foreground">{place}</span>}
                </div>
                <Link
                  href={eventScanHref(orgId, event.id)}
                  className={buttonVariants({ variant: 'primary' })}
                  aria-label={t('scanLabel', { name: event.name })}
                >
                  <ScanLine aria-hidden />
                  {t('scan')}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
