'use client';
// /o/{orgId}/events: the organisation's events with search (?q=), status filter (?status=) and pages (?page=),
// all in the URL so a filtered list can be shared; "Create event" opens the form in a dialog.
import { Plus, ScanLine } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PlainLink } from '../../components/link-like';
import { Button, buttonVariants } from '../../components/ui/button';
import { DataTable, type ColumnDef } from '../../components/ui/data-table';
import { EmptyStatePreset } from '../../components/ui/empty-state';
import type { TabLinkComponent } from '../../components/ui/link-tabs';
import { StatusBadge } from '../../components/ui/status-badge';
import type { ApiResult } from '../../lib/api-result';
import { EVENT_LIST_STATUSES, type EventInput, type EventListView, type EventView } from '../../lib/event-model';
import { CreateDialog } from '../dashboard/create-dialog';
import { ClearFiltersLink, type ListFilters, ListPages, listHref, ListToolbar } from '../dashboard/list-controls';
import { PageHeader } from '../dashboard/page-header';
import { EventDates } from './event-dates';
import { EventForm } from './event-form';

export interface EventsListScreenProps {
  orgId: string;
  list: EventListView;
  /** 'scan': Scan Tickets opened the list to pick the event to scan for. */
  mode: 'list' | 'scan';
  /** Holds the 'events' permission: may create events. */
  canEdit: boolean;
  ownLocale: string;
  /** The organisation's time zone: a new event's, unless its form picks another. */
  ownTimeZone: string;
  /** The host's locale-aware link (it takes aria-current for the status filter). */
  Link?: TabLinkComponent;
  /** Goes to a locale-free path (a new search, the new event). */
  navigate(href: string): void;
  createEvent(input: EventInput): Promise<ApiResult<{ event: EventView }>>;
}

/** The list's URL with these filters; page 1 and empty filters are left out. */
export function eventsListHref(orgId: string, filters: ListFilters & { mode?: 'list' | 'scan' }): string {
  return listHref(`/o/${orgId}/events`, filters, filters.mode === 'scan' ? { for: 'scan' } : {});
}

export function EventsListScreen({
  orgId,
  list,
  mode,
  canEdit,
  ownLocale,
  ownTimeZone,
  Link = PlainLink as TabLinkComponent,
  navigate,
  createEvent,
}: EventsListScreenProps) {
  const t = useTranslations('Events.list');
  const tDashboard = useTranslations('Dashboard.events');
  const [creating, setCreating] = useState(false);
  const href = (filters: ListFilters) =>
    eventsListHref(orgId, { q: list.query, status: list.status, mode, ...filters });
  const eventHref = (event: EventView) => `/o/${orgId}/events/${event.id}${mode === 'scan' ? '/scan' : ''}`;
  const filtered = list.query !== '' || list.status !== '' || list.page > 1;

  const columns: ColumnDef<EventView, unknown>[] = [
    {
      id: 'name',
      accessorFn: (event) => event.name,
      header: t('columns.name'),
      cell: ({ row }) => (
        <Link href={eventHref(row.original)} className="font-medium text-foreground underline-offset-4 hover:underline">
          {row.original.name}
        </Link>
      ),
    },
    {
      id: 'dates',
      accessorFn: (event) => event.startsAt,
      header: t('columns.dates'),
      cell: ({ row }) => (
        <EventDates
          startsAt={row.original.startsAt}
          timeZone={row.original.timeZone}
          endsAt={row.original.endsAt}
          className="whitespace-nowrap text-muted-foreground"
        />
      ),
    },
    {
      id: 'city',
      accessorFn: (event) => event.location.city,
      header: t('columns.city'),
      cell: ({ getValue }) => (getValue() as string) || t('noCity'),
    },
    {
      id: 'status',
      accessorFn: (event) => event.status,
      header: t('columns.status'),
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
    {
      id: 'ticketOptions',
      accessorFn: (event) => event.ticketOptionCount,
      header: t('columns.ticketOptions'),
      cell: ({ getValue }) => <span className="tabular-nums">{getValue() as number}</span>,
    },
    ...(mode === 'scan'
      ? [
          {
            id: 'scan',
            header: '',
            enableSorting: false,
            cell: ({ row }) => (
              <Link href={eventHref(row.original)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                <ScanLine aria-hidden />
                {t('scan')}
              </Link>
            ),
          } satisfies ColumnDef<EventView, unknown>,
        ]
      : []),
  ];

  return (
    <div data-testid={mode === 'scan' ? 'page-scan-pick' : 'page-events'}>
      <PageHeader
        title={mode === 'scan' ? tDashboard('scanTitle') : tDashboard('title')}
        intro={mode === 'scan' ? tDashboard('scanIntro') : tDashboard('intro')}
      >
        {canEdit && mode === 'list' && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            {t('create')}
          </Button>
        )}
      </PageHeader>

      <ListToolbar
        namespace="Events.list"
        href={href}
        search={{ id: 'events-search', query: list.query, navigate }}
        statuses={EVENT_LIST_STATUSES}
        status={list.status}
        Link={Link}
      />

      {list.events.length === 0 ? (
        <EmptyStatePreset
          kind="noEventsFound"
          description={filtered ? t('filteredEmpty') : undefined}
          action={
            filtered ? (
              <ClearFiltersLink namespace="Events.list" href={eventsListHref(orgId, { mode })} Link={Link} />
            ) : canEdit && mode === 'list' ? (
              <Button variant="outline" onClick={() => setCreating(true)}>
                <Plus aria-hidden />
                {t('create')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <DataTable
          columns={columns}
          data={list.events}
          getRowId={(event) => event.id}
          searchable={false}
          paginated={false}
          caption={t('caption')}
        />
      )}

      <ListPages
        namespace="Events.list"
        page={list.page}
        hasNextPage={list.hasNextPage}
        href={href}
        testId="events-page"
        Link={Link}
      />

      {canEdit && (
        <CreateEventDialog
          open={creating}
          onOpenChange={setCreating}
          ownLocale={ownLocale}
          ownTimeZone={ownTimeZone}
          createEvent={createEvent}
          onCreated={(event) => navigate(`/o/${orgId}/events/${event.id}`)}
        />
      )}
    </div>
  );
}

function CreateEventDialog({
  open,
  onOpenChange,
  ownLocale,
  ownTimeZone,
  createEvent,
  onCreated,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  ownLocale: string;
  ownTimeZone: string;
  createEvent: EventsListScreenProps['createEvent'];
  onCreated(event: EventView): void;
}) {
  const t = useTranslations('Events.create');
  const tForm = useTranslations('Events.form');
  return (
    <CreateDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('title')}
      description={t('description')}
      cancelLabel={tForm('cancel')}
    >
      {(cancel) => (
        <EventForm
          ownLocale={ownLocale}
          defaultTimeZone={ownTimeZone}
          submitLabel={tForm('create')}
          submittingLabel={tForm('creating')}
          onSubmit={async (input) => {
            const result = await createEvent(input);
            if (result.ok) onCreated(result.data.event);
            return result;
          }}
          secondaryAction={cancel}
        />
      )}
    </CreateDialog>
  );
}
