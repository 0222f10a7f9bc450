import {
  DataTable,
  matchesSearch,
  pageCountOf,
  clampPageIndex,
  type ColumnDef,
} from '../../src/components/ui/data-table';
import { EmptyStatePreset } from '../../src/components/ui/empty-state';
import { render, text } from '../support/render';

interface EventRow {
  id: string;
  name: string;
  city: string;
  sold: number;
}

const rows: EventRow[] = [
  { id: 'evt_1', name: 'Summer fair', city: 'Utrecht', sold: 120 },
  { id: 'evt_2', name: 'Jazz night', city: 'Amsterdam', sold: 40 },
  { id: 'evt_3', name: 'Café concert', city: 'Groningen', sold: 75 },
  { id: 'evt_4', name: 'Autumn market', city: 'Utrecht', sold: 10 },
  { id: 'evt_5', name: 'Book fair', city: 'Leiden', sold: 300 },
];

const columns: ColumnDef<EventRow>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'city', header: 'City' },
  { accessorKey: 'sold', header: 'Sold' },
];

/** The first cell of each body row, in order. */
function firstCells(html: string): string[] {
  const body = /<tbody>([\s\S]*)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*><td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]!.replace('&#x27;', "'"));
}

const table = (props: Partial<Parameters<typeof DataTable<EventRow>>[0]> = {}) => (
  <DataTable<EventRow> columns={columns} data={rows} getRowId={(row) => row.id} caption="Events" {...props} />
);

describe('DataTable', () => {
  it('renders accessible table markup with a labelled search box and pagination', () => {
    const html = render('en', table());
    expect(html).toContain('<caption class="sr-only">Events</caption>');
    expect(html).toMatch(/<th scope="col"[^>]*><button type="button"[^>]*>Name/);
    expect(html).toMatch(/<label for="[^"]+-search" class="sr-only">Search<\/label>/);
    expect(html).toContain('aria-label="Pagination"');
    expect(text(html)).toContain('Rows per page');
    expect(text(html)).toContain('Page 1 of 1');
    expect(firstCells(html)).toEqual(['Summer fair', 'Jazz night', 'Café concert', 'Autumn market', 'Book fair']);
  });

  it('sorts by a column and marks it with aria-sort', () => {
    const html = render('en', table({ initialState: { sorting: [{ id: 'sold', desc: true }] } }));
    expect(firstCells(html)).toEqual(['Book fair', 'Summer fair', 'Café concert', 'Jazz night', 'Autumn market']);
    expect(html).toMatch(/<th scope="col" aria-sort="descending"[^>]*><button[^>]*>Sold/);
    const byName = render('en', table({ initialState: { sorting: [{ id: 'name', desc: false }] } }));
    expect(firstCells(byName)).toEqual(['Autumn market', 'Book fair', 'Café concert', 'Jazz night', 'Summer fair']);
  });

  it('filters rows by the search over every column', () => {
    expect(firstCells(render('en', table({ initialState: { search: 'utrecht' } })))).toEqual([
      'Summer fair',
      'Autumn market',
    ]);
    expect(firstCells(render('en', table({ initialState: { search: 'cafe' } })))).toEqual(['Café concert']);
    // Every word must be in one cell: "fair" and "300" are in different columns.
    expect(render('en', table({ initialState: { search: 'fair 300' } }))).toContain('data-testid="no-results"');
  });

  it('pages the rows', () => {
    const second = render(
      'nl',
      table({ pageSizes: [2, 10], initialState: { pageIndex: 1, sorting: [{ id: 'name', desc: false }] } }),
    );
    expect(firstCells(second)).toEqual(['Café concert', 'Jazz night']);
    expect(text(second)).toContain('Pagina 2 van 3');
    expect(text(second)).toContain('Vorige');
    expect(text(second)).toContain('Volgende');
    const last = render('en', table({ pageSizes: [2], initialState: { pageIndex: 2 } }));
    expect(firstCells(last)).toEqual(['Book fair']);
    expect(last).toMatch(/<button[^>]*disabled=""[^>]*>Next<\/button>/);
  });

  it('says there are no results when the search finds nothing', () => {
    const html = render('en', table({ initialState: { search: 'nothing like this' } }));
    expect(html).toContain('data-testid="no-results"');
    expect(text(html)).toContain('No results');
  });

  it('shows the empty state when there are no rows at all', () => {
    const html = render('en', table({ data: [], empty: <EmptyStatePreset kind="noEventsFound" /> }));
    expect(html).not.toContain('<table');
    expect(text(html)).toContain('No events found');
  });
});

describe('table helpers', () => {
  it('matches every word, without case or accents', () => {
    expect(matchesSearch('Café Concert', 'cafe con')).toBe(true);
    expect(matchesSearch('Café Concert', 'jazz')).toBe(false);
    expect(matchesSearch(undefined, 'x')).toBe(false);
    expect(matchesSearch(undefined, '  ')).toBe(true);
    expect(matchesSearch(120, '12')).toBe(true);
  });

  it('counts pages and keeps the page index in range', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(21, 10)).toBe(3);
    expect(clampPageIndex(5, 21, 10)).toBe(2);
    expect(clampPageIndex(-1, 21, 10)).toBe(0);
  });
});
