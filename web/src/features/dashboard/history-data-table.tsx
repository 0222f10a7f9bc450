'use client';
// The history table every dashboard area shares (events, shops, orders): when, what, the details and who, in pages
// of 25/50/100. The area says how each cell of its entries reads; the headers and caption come from its own
// messages (columns.timestamp, columns.action, columns.properties, columns.who, caption).
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { DataTable, type ColumnDef } from '../../components/ui/data-table';
import type { HistoryActor } from '../../lib/event-model';

/** What every history entry has: an id, what happened, and who did it (the guest, for an order's own steps). */
export interface HistoryRow {
  id: string;
  action: string;
  actor: HistoryActor | { kind: 'guest' };
}

export interface HistoryDataTableProps<E extends HistoryRow> {
  /** The area's history messages, e.g. 'Events.history'. */
  namespace: string;
  entries: E[];
  /** When the entry was made (ISO), to sort on. */
  at(entry: E): string;
  /** How each column's cell reads. */
  cells: {
    timestamp(entry: E): ReactNode;
    action(entry: E): ReactNode;
    properties(entry: E): ReactNode;
    who(actor: E['actor']): ReactNode;
  };
  /** Shown instead of the table while there is no history. */
  empty: ReactNode;
}

export function HistoryDataTable<E extends HistoryRow>({
  namespace,
  entries,
  at,
  cells,
  empty,
}: HistoryDataTableProps<E>) {
  const t = useTranslations(namespace);
  const columns: ColumnDef<E, unknown>[] = [
    {
      id: 'timestamp',
      accessorFn: at,
      header: t('columns.timestamp'),
      cell: ({ row }) => cells.timestamp(row.original),
    },
    {
      id: 'action',
      accessorFn: (entry) => entry.action,
      header: t('columns.action'),
      cell: ({ row }) => cells.action(row.original),
    },
    {
      id: 'properties',
      header: t('columns.properties'),
      enableSorting: false,
      cell: ({ row }) => cells.properties(row.original),
    },
    {
      id: 'who',
      accessorFn: (entry) => (entry.actor.kind === 'member' ? entry.actor.name : entry.actor.kind),
      header: t('columns.who'),
      cell: ({ row }) => cells.who(row.original.actor),
    },
  ];
  return (
    <DataTable
      columns={columns}
      data={entries}
      getRowId={(entry) => entry.id}
      searchable={false}
      pageSizes={[25, 50, 100]}
      caption={t('caption')}
      empty={empty}
    />
  );
}
