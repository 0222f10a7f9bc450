import type { PageInfo, PageRequest } from '@kassa/proto/common/v1/common';
import { ValidationError, messages } from '../errors';
import { isId } from '../ids';

/** The largest page a list answers, whatever the caller asks for. */
export const MAX_PAGE_SIZE = 100;
/** The page size when the caller gives none. */
export const DEFAULT_PAGE_SIZE = 50;

/** One page of a list: how many rows, after how many. */
export interface Page {
  limit: number;
  offset: number;
}

/**
 * Offset paging behind an opaque token (base64url of `o<offset>`). The organiser lists that use it (events, shops,
 * history, orders, payments) are one organisation's, small enough that an offset pages them well.
 * A token that is not one of ours is a ValidationError on `page.pageToken`.
 */
export function readPage(page: PageRequest | undefined): Page {
  const limit = Math.min(Math.max(page?.pageSize || DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const token = page?.pageToken ?? '';
  if (token === '') return { limit, offset: 0 };
  const match = /^o(\d{1,9})$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match) throw new ValidationError([{ field: 'page.pageToken', message: messages.invalid('Page') }]);
  return { limit, offset: Number(match[1]) };
}

/** The answer's PageInfo: the next page's token ('' on the last page) and the total. */
export function pageInfo({ limit, offset }: Page, total: number): PageInfo {
  const next = offset + limit;
  return { nextPageToken: next < total ? Buffer.from(`o${next}`).toString('base64url') : '', totalSize: total };
}

/** One page of a list walked by its key: how many rows, after which key ('' for the first page). */
export interface KeysetPage {
  limit: number;
  after: string;
}

/**
 * Keyset paging behind an opaque token (base64url of `k<last key>`), for lists too long for an offset (an event's
 * offline kit: every page is an index range, however deep). The key must be an id with `prefix`; sizes as the caller
 * says, since each list knows what a page of its rows weighs. A token that is not one of ours is a ValidationError
 * on `page.pageToken`.
 */
export function readKeysetPage(
  page: PageRequest | undefined,
  prefix: string,
  sizes: { default: number; max: number },
): KeysetPage {
  const limit = Math.min(Math.max(page?.pageSize || sizes.default, 1), sizes.max);
  const token = page?.pageToken ?? '';
  if (token === '') return { limit, after: '' };
  const decoded = Buffer.from(token, 'base64url').toString('utf8');
  const after = decoded.slice(1);
  if (!decoded.startsWith('k') || !isId(prefix, after))
    throw new ValidationError([{ field: 'page.pageToken', message: messages.invalid('Page') }]);
  return { limit, after };
}

/**
 * A keyset page's rows and PageInfo from the rows read with one more than the page's limit: the extra row only says
 * that a next page exists (so the last page is never an empty one).
 */
export function keysetPageOf<T>(
  page: KeysetPage,
  rowsPlusOne: readonly T[],
  keyOf: (row: T) => string,
): { rows: T[]; pageInfo: PageInfo } {
  const rows = rowsPlusOne.slice(0, page.limit);
  const last = rows.at(-1);
  const more = rowsPlusOne.length > page.limit && last !== undefined;
  return {
    rows,
    pageInfo: { nextPageToken: more ? Buffer.from(`k${keyOf(last)}`).toString('base64url') : '', totalSize: -1 },
  };
}
