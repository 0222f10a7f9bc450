'use client';
// /o/{orgId}/events/{eventId} (Overview, Ticket Options, Attendees, History; ?tab= picks one) and …/settings.
import { useTranslations } from 'next-intl';
import { LinkTabs, type TabLinkComponent } from '../../components/ui/link-tabs';
import { StatusBadge } from '../../components/ui/status-badge';
import type { EventView, HistoryEntryView, TicketOptionView } from '../../lib/event-model';
import { AttendeesTab } from '../attendees/attendees-tab';
import { type EventTabKey, eventTabs } from '../dashboard/destinations';
import { PageHeader } from '../dashboard/page-header';
import type { EventActions } from './event-actions';
import { EventOverview } from './event-overview';
import { EventSettings } from './event-settings';
import { HistoryTable } from './history-table';
import { TicketOptionsTab } from './ticket-options-tab';
import { EventTicketStats } from '../tickets/event-ticket-stats';
import type { AttendeeListView, TicketStatsView } from '../tickets/ticket-model';

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
  /**
   * For the Attendees tab: whether the member may see attendees ("orders.view" or "checkin"), the page of them
   * (null when ticketing could not be asked) and whether order numbers may link to the orders ("orders.view").
   */
  attendees?: { allowed: boolean; list: AttendeeListView | null; canViewOrders: boolean };
  /** Sales and check-ins on the Overview; absent for a member who may not see them, null when ticketing could not be asked. */
  ticketStats?: TicketStatsView | null;
  Link?: TabLinkComponent;
  /** Goes to a locale-free path (the Attendees search). */
  navigate?(href: string): void;
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
    overview: (
      <div className="flex flex-col gap-10">
        <EventOverview
          event={event}
          canEdit={canEdit && event.status !== 'deleted'}
          publicUrl={props.publicUrl}
          actions={actions}
          refresh={refresh}
        />
        {props.ticketStats !== undefined && (
          <EventTicketStats orgId={orgId} eventId={event.id} stats={props.ticketStats} Link={Link} />
        )}
      </div>
    ),
    ticketOptions: (
      <TicketOptionsTab
        ticketOptions={props.ticketOptions ?? []}
        canEdit={canEdit && event.status !== 'deleted'}
        ownLocale={ownLocale}
        actions={actions}
        refresh={refresh}
      />
    ),
    attendees: (
      <AttendeesTab
        orgId={orgId}
        scope={{ eventId: event.id }}
        allowed={props.attendees?.allowed ?? false}
        list={props.attendees?.list ?? null}
        canViewOrders={props.attendees?.canViewOrders ?? false}
        Link={Link}
        navigate={props.navigate ?? (() => {})}
      />
    ),
    history: <HistoryTable entries={props.history ?? []} />,
    settings: (
      <EventSettings
        event={event}
        canEdit={canEdit}
        ownLocale={ownLocale}
        actions={actions}
        refresh={refresh}
        onDeleted={props.onDeleted}
      />
    ),
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
