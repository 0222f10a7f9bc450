import type { PageInfo, PageRequest } from '@kassa/proto/common/v1/common';
import { ValidationError, messages } from '../errors';

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
