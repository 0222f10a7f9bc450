'use client';
// The event's Attendees tab: one row per ticket admitting to the event (reference, item, order, e-mail, status,
// check-in time and device), found by reference, order number or e-mail (?q=), filtered by status (?status=), a
// page at a time (?page=), all in the URL beside ?tab=attendees; and the whole filtered list as a CSV download.
// The shop's Tickets page shows the same list for what the shop sold (a ticket is "used" once checked in anywhere).
import { useLocale, useTranslations } from 'next-intl';
import { PlainLink } from '../../components/link-like';
import { DataTable, type ColumnDef } from '../../components/ui/data-table';
import { EmptyStatePreset } from '../../components/ui/empty-state';
import { FormAlert } from '../../components/ui/form-alert';
import type { TabLinkComponent } from '../../components/ui/link-tabs';
import { StatusBadge } from '../../components/ui/status-badge';
import { ClearFiltersLink, CsvExportLink, type ListFilters, ListPages, ListToolbar } from '../dashboard/list-controls';
import { Moment, orderHref } from '../orders/order-support';
import {
  ATTENDEE_STATUSES,
  type AttendeeListView,
  type AttendeeScope,
  type AttendeeView,
  attendeeListHref,
  attendeesCsvHref,
} from '../tickets/ticket-model';

export interface AttendeesTabProps {
  orgId: string;
  /** An event's attendees (with the CSV export), or a shop's tickets. */
  scope: AttendeeScope;
  /** Holds "orders.view" or "checkin"; without either the tab says so instead of listing anyone. */
  allowed: boolean;
  /** The page of attendees; null when ticketing could not be asked just now. */
  list: AttendeeListView | null;
  /** Holds "orders.view": order numbers link to the order's page. */
  canViewOrders: boolean;
  Link?: TabLinkComponent;
  /** Goes to a locale-free path (a new search). */
  navigate(href: string): void;
}

export function AttendeesTab({
  orgId,
  scope,
  allowed,
  list,
  canViewOrders,
  Link = PlainLink as TabLinkComponent,
  navigate,
}: AttendeesTabProps) {
  const t = useTranslations('Tickets.attendees');
  const locale = useLocale();
  if (!allowed) {
    return (
      <div data-testid="attendees-forbidden">
        <FormAlert tone="notice">{t('forbidden')}</FormAlert>
      </div>
    );
  }
  if (list === null) {
    return (
      <div data-testid="attendees-unavailable">
        <FormAlert tone="error">{t('unavailable')}</FormAlert>
      </div>
    );
  }

  const current: ListFilters = { q: list.query, status: list.status };
  const href = (filters: ListFilters) => attendeeListHref(orgId, scope, { ...current, ...filters });
  const filtered = list.query !== '' || list.status !== '' || list.page > 1;

  const columns: ColumnDef<AttendeeView, unknown>[] = [
    {
      id: 'reference',
      accessorFn: (row) => row.reference,
      header: t('columns.reference'),
      cell: ({ row }) => <span className="whitespace-nowrap font-mono font-medium">{row.original.reference}</span>,
    },
    { id: 'item', accessorFn: (row) => row.itemName, header: t('columns.item') },
    {
      id: 'order',
      accessorFn: (row) => row.orderNumber,
      header: t('columns.order'),
      cell: ({ row }) =>
        canViewOrders ? (
          <Link
            href={orderHref(orgId, row.original.orderId)}
            className="whitespace-nowrap font-mono text-foreground underline-offset-4 hover:underline"
          >
            {row.original.orderNumber}
          </Link>
        ) : (
          <span className="whitespace-nowrap font-mono">{row.original.orderNumber}</span>
        ),
    },
    {
      id: 'email',
      accessorFn: (row) => row.email,
      header: t('columns.email'),
      cell: ({ row }) => <span className="break-all">{row.original.email}</span>,
    },
    {
      id: 'status',
      accessorFn: (row) => row.status,
      header: t('columns.status'),
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
    {
      id: 'checkedInAt',
      accessorFn: (row) => row.checkedInAt,
      header: t('columns.checkedInAt'),
      cell: ({ row }) =>
        row.original.checkedInAt ? (
          <Moment at={row.original.checkedInAt} className="whitespace-nowrap tabular-nums" />
        ) : (
          <span className="text-muted-foreground">–</span>
        ),
    },
    {
      id: 'device',
      accessorFn: (row) => row.device,
      header: t('columns.device'),
      cell: ({ row }) => row.original.device || <span className="text-muted-foreground">–</span>,
    },
  ];

  return (
    <div data-testid="attendees">
      <ListToolbar
        namespace="Tickets.attendees"
        href={href}
        search={{ id: 'attendees-search', query: list.query, navigate }}
        statuses={ATTENDEE_STATUSES}
        status={list.status}
        filters={
          'eventId' in scope && (
            <CsvExportLink
              href={attendeesCsvHref(orgId, scope.eventId, { q: list.query, status: list.status, locale })}
              label={t('export')}
              testId="attendees-export"
            />
          )
        }
        Link={Link}
      />
      {list.attendees.length === 0 ? (
        filtered ? (
          <EmptyStatePreset
            kind="noItemsFound"
            description={t('filteredEmpty')}
            action={
              <ClearFiltersLink namespace="Tickets.attendees" href={attendeeListHref(orgId, scope, {})} Link={Link} />
            }
          />
        ) : (
          <EmptyStatePreset kind="noTicketsSold" />
        )
      ) : (
        <DataTable
          columns={columns}
          data={list.attendees}
          getRowId={(row) => row.ticketId}
          searchable={false}
          paginated={false}
          caption={t('caption')}
        />
      )}
      <ListPages
        namespace="Tickets.attendees"
        page={list.page}
        hasNextPage={list.hasNextPage}
        href={href}
        testId="attendees-page"
        Link={Link}
      />
    </div>
  );
}
