// The canonical URL of a page: its path plus only the query parameters that change what the page shows.
// Tracking parameters (utm_*, fbclid, …) and anything else are dropped, so every variant points at one URL.

/** Query parameters that select different content and therefore belong in the canonical URL ('tab': an event's or shop's tab). */
export const CANONICAL_QUERY_PARAMETERS: readonly string[] = ['page', 'q', 'status', 'tab'];

export interface CanonicalInput {
  /** The path as the visitor sees it, locale prefix included ('/nl/event/evt_…'). */
  pathname: string;
  /** The query string ('?page=2&utm_source=x'), with or without the leading '?'; or parsed parameters. */
  search?: string | URLSearchParams;
  /** When given, the result is absolute (https://kassa.example/…). */
  origin?: string;
  whitelist?: readonly string[];
}

/** Collapses repeated slashes and drops a trailing slash (except for the root), so '/nl/' and '/nl' are one page. */
function normalisePath(pathname: string): string {
  return `/${pathname.split('/').filter(Boolean).join('/')}`;
}

/**
 * Path + whitelisted parameters, sorted by name then value, each name=value pair once, empty values dropped.
 * Sorting makes '?q=a&page=2' and '?page=2&q=a' the same canonical page.
 */
export function canonicalUrl({
  pathname,
  search = '',
  origin,
  whitelist = CANONICAL_QUERY_PARAMETERS,
}: CanonicalInput): string {
  const params =
    typeof search === 'string' ? new URLSearchParams(search.startsWith('?') ? search.slice(1) : search) : search;
  const pairs = new Map<string, [string, string]>();
  params.forEach((value, name) => {
    if (!whitelist.includes(name) || value.trim() === '') return;
    pairs.set(`${name}\u0000${value}`, [name, value]);
  });
  const sorted = [...pairs.values()].sort(([nameA, valueA], [nameB, valueB]) =>
    nameA === nameB ? compare(valueA, valueB) : compare(nameA, nameB),
  );
  const query = new URLSearchParams(sorted).toString();
  const path = `${normalisePath(pathname)}${query ? `?${query}` : ''}`;
  return origin ? `${origin.replace(/\/+$/, '')}${path}` : path;
}

// Code-unit order, not locale order: the result must not depend on the server's locale.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
