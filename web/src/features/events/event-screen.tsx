'use client';
// /o/{orgId}/events/{eventId} (Overview, Ticket Options, Attendees, History; ?tab= picks one) and …/settings.
import { useTranslations } from 'next-intl';
import { EmptyStatePreset } from '../../components/ui/empty-state';
import { LinkTabs, type TabLinkComponent } from '../../components/ui/link-tabs';
import { StatusBadge } from '../../components/ui/status-badge';
import type { EventView, HistoryEntryView, TicketOptionView } from '../../lib/event-model';
import { type EventTabKey, eventTabs } from '../dashboard/destinations';
import { PageHeader } from '../dashboard/page-header';
import type { EventActions } from './event-actions';
import { EventOverview } from './event-overview';
import { EventSettings } from './event-settings';
import { HistoryTable } from './history-table';
import { TicketOptionsTab } from './ticket-options-tab';

export type { EventActions } from './event-actions';
export type { EventTabKey } from '../dashboard/destinations';

export interface EventScreenProps {
  orgId: string;
  event: EventView;
  tab: EventTabKey;
  /** Holds the 'events' permission; without it everything is shown read-only. */
  canEdit: boolean;
  /** The locale of the event's own texts (the organisation's default). */
  ownLocale: string;
  /** The public page's absolute URL, shown while the event is live. */
  publicUrl: string;
  /** For the Ticket Options tab. */
  ticketOptions?: TicketOptionView[];
  /** For the History tab. */
  history?: HistoryEntryView[];
  Link?: TabLinkComponent;
  actions: EventActions;
  /** Reads the page's data again after a change. */
  refresh(): void;
  /** After the event is deleted: back to the list. */
  onDeleted(): void;
}

export function EventScreen(props: EventScreenProps) {
  const { orgId, event, tab, canEdit, ownLocale, actions, refresh, Link } = props;
  const t = useTranslations('Dashboard.event');
  const items = eventTabs(orgId, event.id).map(({ key, href }) => ({ value: key, href, label: t(`tabs.${key}`) }));
  const content = {
    overview: <EventOverview event={event} canEdit={canEdit && event.status !== 'deleted'} publicUrl={props.publicUrl} actions={actions} refresh={refresh} />,
    ticketOptions: (
      <TicketOptionsTab ticketOptions={props.ticketOptions ?? []} canEdit={canEdit && event.status !== 'deleted'} ownLocale={ownLocale} actions={actions} refresh={refresh} />
    ),
    attendees: <EmptyStatePreset kind="noTicketsSold" />,
    history: <HistoryTable entries={props.history ?? []} />,
    settings: <EventSettings event={event} canEdit={canEdit} ownLocale={ownLocale} actions={actions} refresh={refresh} onDeleted={props.onDeleted} />,
  }[tab];
  return (
    <div data-testid={`page-event-${tab}`}>
      <PageHeader title={event.name}>
        <StatusBadge status={event.status} className="text-sm" />
      </PageHeader>
      <LinkTabs items={items} active={tab} aria-label={t('tabs.label')} Link={Link} className="mb-6" />
      {content}
    </div>
  );
}
