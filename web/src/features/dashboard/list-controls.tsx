'use client';
// The parts every organiser list shares (events, shops, orders, payments): a search form, a status filter and
// previous/next pages, all kept in the URL so a filtered list can be shared. The host builds the hrefs; the words
// come from the list's own messages (its namespace, e.g. 'Orders.list'), under the same keys in every list.
import { Download, Search } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { PlainLink } from '../../components/link-like';
import { Button, buttonVariants } from '../../components/ui/button';
import { controlClasses } from '../../components/ui/input';
import type { TabLinkComponent } from '../../components/ui/link-tabs';
import { cn } from '../../lib/cn';

export interface ListSearchProps {
  /** The input's id and its label. */
  id: string;
  label: string;
  placeholder: string;
  buttonLabel: string;
  initial: string;
  onSearch(query: string): void;
}

// Uncontrolled on purpose: words typed before the page has hydrated stay in the field and are the ones searched.
export function ListSearch({ id, label, placeholder, buttonLabel, initial, onSearch }: ListSearchProps) {
  return (
    <form
      role="search"
      className="flex max-w-md flex-1 gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={initial}
        placeholder={placeholder}
        className={cn(controlClasses, 'h-9 text-sm')}
      />
      <Button type="submit" variant="outline" size="sm" className="h-9">
        <Search aria-hidden />
        {buttonLabel}
      </Button>
    </form>
  );
}

export interface StatusFilterProps {
  label: string;
  /** '' first (every status). */
  options: { word: string; label: string }[];
  current: string;
  href(status: string): string;
  Link?: TabLinkComponent;
}

export function StatusFilter({
  label,
  options,
  current,
  href,
  Link = PlainLink as TabLinkComponent,
}: StatusFilterProps) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1" data-testid="status-filter">
      {options.map(({ word, label: optionLabel }) => (
        <Link
          key={word || 'all'}
          href={href(word)}
          aria-current={current === word ? 'page' : undefined}
          className={cn(
            'rounded-full border px-3 py-1 text-sm transition-colors',
            current === word
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-border text-muted-foreground hover:bg-muted hover:text-foreground',
          )}
        >
          {optionLabel}
        </Link>
      ))}
    </nav>
  );
}

/** What a list's URL holds: the words searched, the status filtered on, the page (1-based). */
export interface ListFilters {
  q?: string;
  status?: string;
  page?: number;
}

export interface ListToolbarProps {
  /** The list's messages: searchLabel, searchPlaceholder, search, statusLabel and allStatuses. */
  namespace: string;
  /** The list's URL with these filters (the others as they are now). */
  href(filters: ListFilters): string;
  /** The search form: its input's id, the words searched now, and how to go to the results. None: no search. */
  search?: { id: string; query: string; navigate(href: string): void };
  /** The statuses to filter on; "All" ('') comes first. */
  statuses: readonly string[];
  status: string;
  /**
   * Filters shown before the status filter (the orders' shop). A list that has them passes the prop even while
   * there is none to show (false or null): the row keeps the same layout either way.
   */
  filters?: ReactNode;
  Link?: TabLinkComponent;
}

/** The row above a list: search on one side, the filters on the other; a new search or filter starts at page 1. */
export function ListToolbar({ namespace, href, search, statuses, status, filters, Link }: ListToolbarProps) {
  const t = useTranslations(namespace);
  const tStatus = useTranslations('Ui.status');
  const statusFilter = (
    <StatusFilter
      label={t('statusLabel')}
      options={['', ...statuses].map((word) => ({ word, label: word ? tStatus(word) : t('allStatuses') }))}
      current={status}
      href={(word) => href({ status: word, page: 1 })}
      Link={Link}
    />
  );
  if (!search) return <div className="mb-4 flex justify-end">{statusFilter}</div>;
  const searchForm = (
    <ListSearch
      id={search.id}
      label={t('searchLabel')}
      placeholder={t('searchPlaceholder')}
      buttonLabel={t('search')}
      initial={search.query}
      onSearch={(q) => search.navigate(href({ q, page: 1 }))}
    />
  );
  if (filters === undefined) {
    return (
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {searchForm}
        {statusFilter}
      </div>
    );
  }
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      {searchForm}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {filters}
        {statusFilter}
      </div>
    </div>
  );
}

export interface ListPagesProps {
  /** The list's messages: pagination, page, previous and next. */
  namespace: string;
  page: number;
  hasNextPage: boolean;
  href(filters: ListFilters): string;
  testId: string;
  Link?: TabLinkComponent;
}

/** Previous / next, shown only when there is more than one page. */
export function ListPages({
  namespace,
  page,
  hasNextPage,
  href,
  testId,
  Link = PlainLink as TabLinkComponent,
}: ListPagesProps) {
  const t = useTranslations(namespace);
  if (page <= 1 && !hasNextPage) return null;
  return (
    <nav aria-label={t('pagination')} className="mt-4 flex items-center justify-end gap-2 text-sm">
      <span className="mr-2 text-muted-foreground" data-testid={testId}>
        {t('page', { page })}
      </span>
      {page > 1 && (
        <Link href={href({ page: page - 1 })} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          {t('previous')}
        </Link>
      )}
      {hasNextPage && (
        <Link href={href({ page: page + 1 })} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          {t('next')}
        </Link>
      )}
    </nav>
  );
}

/** The way back from "nothing matches" to the whole list, in the list's words (clearFilters). */
export function ClearFiltersLink({
  namespace,
  href,
  Link = PlainLink as TabLinkComponent,
}: {
  namespace: string;
  href: string;
  Link?: TabLinkComponent;
}) {
  const t = useTranslations(namespace);
  return (
    <Link href={href} className={buttonVariants({ variant: 'outline' })}>
      {t('clearFilters')}
    </Link>
  );
}

/** A list's URL with these filters; page 1 and empty filters are left out. `extra` comes first (?for=scan). */
export function listHref(path: string, filters: ListFilters, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams(extra);
  if (filters.q) search.set('q', filters.q);
  if (filters.status) search.set('status', filters.status);
  if (filters.page && filters.page > 1) search.set('page', String(filters.page));
  const query = search.toString();
  return `${path}${query ? `?${query}` : ''}`;
}

/**
 * A list's CSV download beside its filters: a plain link, so that the browser downloads the file; the route walks
 * every page of the list's search and filter.
 */
export function CsvExportLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <a
      href={href}
      download
      className={buttonVariants({ variant: 'outline', size: 'sm', className: 'h-9' })}
      data-testid={testId}
    >
      <Download aria-hidden />
      {label}
    </a>
  );
}
