'use client';

import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type FilterFn,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Search } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { clampPageIndex, DEFAULT_PAGE_SIZES, matchesSearch, pageCountOf } from './data-table-model';
import { controlClasses } from './input';

export { clampPageIndex, DEFAULT_PAGE_SIZES, matchesSearch, normalizeForSearch, pageCountOf } from './data-table-model';
export type { ColumnDef, SortingState } from '@tanstack/react-table';

export interface DataTableInitialState {
  sorting?: SortingState;
  search?: string;
  pageIndex?: number;
  pageSize?: number;
}

export interface DataTableProps<T> {
  /** tanstack column definitions; give each an `accessorKey`/`accessorFn` and a string `header` to make it sortable and searchable. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tanstack's own column type is typed this way
  columns: ColumnDef<T, any>[];
  data: T[];
  getRowId?(row: T, index: number): string;
  /** Shown instead of the table when there are no rows at all (an EmptyStatePreset, say). */
  empty?: ReactNode;
  /** Show the search box (default true). */
  searchable?: boolean;
  /** Page the rows here (default true); false when the server pages them and the host shows its own page links. */
  paginated?: boolean;
  pageSizes?: readonly number[];
  initialState?: DataTableInitialState;
  /** Names the table for screen readers. */
  caption?: string;
  className?: string;
}

const searchFilter: FilterFn<unknown> = (row, columnId, query: string) => matchesSearch(row.getValue(columnId), query);

/** A table with sortable columns, a search box filtering rows, and pages of a chosen size. */
export function DataTable<T>({
  columns,
  data,
  getRowId,
  empty,
  searchable = true,
  paginated = true,
  pageSizes = DEFAULT_PAGE_SIZES,
  initialState = {},
  caption,
  className,
}: DataTableProps<T>) {
  const t = useTranslations('Ui.table');
  const id = useId();
  const [sorting, setSorting] = useState<SortingState>(initialState.sorting ?? []);
  const [search, setSearch] = useState(initialState.search ?? '');
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: initialState.pageIndex ?? 0,
    pageSize: initialState.pageSize ?? pageSizes[0] ?? 10,
  });

  const table = useReactTable<T>({
    data,
    columns,
    getRowId,
    state: { sorting, globalFilter: search, pagination },
    onSortingChange: setSorting,
    onGlobalFilterChange: setSearch,
    onPaginationChange: setPagination,
    globalFilterFn: searchFilter as FilterFn<T>,
    // Search every column that has values, not only those whose first value is a string (tanstack's default).
    getColumnCanGlobalFilter: (column) => column.accessorFn !== undefined,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    ...(paginated ? { getPaginationRowModel: getPaginationRowModel() } : {}),
  });

  if (data.length === 0 && empty) return <>{empty}</>;

  const filteredCount = table.getFilteredRowModel().rows.length;
  const pageCount = pageCountOf(filteredCount, pagination.pageSize);
  const pageIndex = clampPageIndex(pagination.pageIndex, filteredCount, pagination.pageSize);
  const rows = table.getRowModel().rows;

  return (
    <div className={cn('flex flex-col gap-3', className)} data-testid="data-table">
      {searchable && (
        <div className="relative max-w-xs">
          <label htmlFor={`${id}-search`} className="sr-only">
            {t('search')}
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            placeholder={t('searchPlaceholder')}
            onChange={(event) => {
              setSearch(event.target.value);
              setPagination((current) => ({ ...current, pageIndex: 0 }));
            }}
            className={cn(controlClasses, 'h-9 pl-9 text-sm')}
          />
        </div>
      )}
      <div className="overflow-x-auto rounded-md border border-border">
        <table className="w-full caption-bottom text-sm">
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="bg-muted/50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b border-border">
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      className="h-10 px-3 text-left align-middle font-medium text-muted-foreground"
                    >
                      {header.column.getCanSort() && !header.isPlaceholder ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="-ml-2 inline-flex items-center gap-1 rounded px-2 py-1 hover:bg-muted hover:text-foreground"
                        >
                          {label}
                          {sorted === 'asc' ? (
                            <ArrowUp aria-hidden className="size-3.5" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown aria-hidden className="size-3.5" />
                          ) : (
                            <ArrowUpDown aria-hidden className="size-3.5 opacity-50" />
                          )}
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td
                  colSpan={table.getVisibleLeafColumns().length}
                  className="h-24 px-3 text-center text-muted-foreground"
                  data-testid="no-results"
                >
                  {t('noResults')}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className="border-b border-border last:border-0 hover:bg-muted/40">
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-2.5 align-middle">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {paginated && (
        <nav aria-label={t('pagination')} className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <div className="flex items-center gap-2">
            <label htmlFor={`${id}-size`} className="text-muted-foreground">
              {t('rowsPerPage')}
            </label>
            <select
              id={`${id}-size`}
              value={pagination.pageSize}
              onChange={(event) => setPagination({ pageIndex: 0, pageSize: Number(event.target.value) })}
              className={cn(controlClasses, 'h-8 w-auto px-2 text-sm')}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-center gap-2">
            <span aria-live="polite" data-testid="page-status">
              {t('pageOf', { page: pageIndex + 1, pages: pageCount })}
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => table.previousPage()}
              disabled={!table.getCanPreviousPage()}
            >
              {t('previous')}
            </Button>
            <Button variant="outline" size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
              {t('next')}
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
