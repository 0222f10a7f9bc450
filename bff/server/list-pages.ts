// The organiser lists (events, shops): ?q=, ?status= and ?page= read from the URL, and page n of a list that the
// services page by cursor (page n follows the cursors of the pages before it).

/** A page far past the end is not worth walking to: the list says "no … found" with a way back. */
const MAX_PAGE = 50;

export interface ListQuery {
  q: string;
  status: string;
  page: number;
}

const first = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

/** ?q=, ?status= (one of `statuses`) and ?page= as a list understands them; anything unknown falls back to the default. */
export function listQuery(
  search: Record<string, string | string[] | undefined>,
  statuses: readonly string[],
): ListQuery {
  const statusWord = first(search.status);
  const page = Number.parseInt(first(search.page), 10);
  return {
    q: first(search.q).trim().slice(0, 100),
    status: statuses.includes(statusWord) ? statusWord : '',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** Page `wanted` (1-based) of a cursor-paged list: its rows ([] past the end) and whether another page follows. */
export async function cursorPage<T>(
  wanted: number,
  fetchPage: (pageToken: string) => Promise<{ rows: T[]; nextPageToken: string }>,
): Promise<{ rows: T[]; hasNextPage: boolean }> {
  let pageToken = '';
  for (let page = 1; ; page += 1) {
    const answer = await fetchPage(pageToken);
    pageToken = answer.nextPageToken;
    if (page === wanted) return { rows: answer.rows, hasNextPage: pageToken !== '' };
    if (!pageToken) return { rows: [], hasNextPage: false };
  }
}
