'use client';
// The tickets of one order on the organiser's order page: reference (opening the ticket's public page), item,
// price, status and, per event it admits to, whether and where it was checked in.
import { ExternalLink } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { DataTable, type ColumnDef } from '../../components/ui/data-table';
import { StatusBadge } from '../../components/ui/status-badge';
import { Moment, Money } from '../orders/order-support';
import { ticketHref } from '../../lib/guest-access';
import type { OrderTicketView } from './ticket-model';

export interface OrderTicketsTableProps {
  /** null: ticketing could not be asked just now. */
  tickets: OrderTicketView[] | null;
  /** The order's status: before it is paid there are no tickets yet, and the empty text says so. */
  orderStatus: string;
}

export function OrderTicketsTable({ tickets, orderStatus }: OrderTicketsTableProps) {
  const t = useTranslations('Tickets.order');
  if (tickets === null) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="order-tickets-unavailable">
        {t('unavailable')}
      </p>
    );
  }
  if (tickets.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="order-tickets-empty">
        {orderStatus === 'paid' ? t('issuing') : t('none')}
      </p>
    );
  }
  const columns: ColumnDef<OrderTicketView, unknown>[] = [
    {
      id: 'reference',
      accessorFn: (ticket) => ticket.reference,
      header: t('columns.reference'),
      cell: ({ row }) => (
        <span className="flex flex-col">
          {/* A plain anchor in a new tab: the public page is outside the dashboard and needs no locale of ours. */}
          <a
            href={ticketHref(row.original)}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 font-mono font-medium underline-offset-4 hover:underline"
            data-testid="order-ticket-link"
          >
            {row.original.reference}
            <ExternalLink aria-hidden className="size-3.5" />
            <span className="sr-only">{t('opensTicket')}</span>
          </a>
          <span className="text-xs text-muted-foreground">
            {t('position', { position: row.original.position, count: row.original.ofCount })}
          </span>
        </span>
      ),
    },
    { id: 'item', accessorFn: (ticket) => ticket.itemName, header: t('columns.item') },
    {
      id: 'price',
      accessorFn: (ticket) => ticket.priceMinor,
      header: t('columns.price'),
      cell: ({ row }) => <Money minor={row.original.priceMinor} currency={row.original.currency} />,
    },
    {
      id: 'status',
      accessorFn: (ticket) => ticket.status,
      header: t('columns.status'),
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
    {
      id: 'checkIn',
      accessorFn: (ticket) => ticket.access.map((access) => access.checkedInAt).join(' '),
      header: t('columns.checkIn'),
      cell: ({ row }) => (
        <ul className="flex flex-col gap-1 text-sm">
          {row.original.access.map((access) => (
            <li key={access.eventId} className="flex flex-col" data-testid="order-ticket-access">
              {row.original.access.length > 1 && (
                <span className="text-xs text-muted-foreground">{access.eventName || access.eventId}</span>
              )}
              {access.checkedInAt ? (
                <span>
                  <Moment at={access.checkedInAt} className="whitespace-nowrap tabular-nums" />
                  {access.device && <span className="text-muted-foreground"> · {access.device}</span>}
                </span>
              ) : (
                <span className="text-muted-foreground">{t('notCheckedIn')}</span>
              )}
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <div data-testid="order-tickets">
      <DataTable
        columns={columns}
        data={tickets}
        getRowId={(ticket) => ticket.id}
        searchable={false}
        paginated={false}
        caption={t('caption')}
      />
    </div>
  );
}
