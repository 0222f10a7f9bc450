// The organiser's CSV exports (attendees, orders, payments, opt-ins) as RFC 4180: UTF-8 with a BOM (so Excel reads "Zoë"
// right), CRLF line ends, fields quoted when they hold a comma, quote, line break or edge space, quotes doubled.
// Cells that a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return) get a leading
// apostrophe: e-mail addresses and names are typed by guests and organisers, and a file opened by someone else must
// not run what they typed (CSV/formula injection). And the page walk that streams an export while the service answers
// the next page, so a large list neither waits for the whole of it nor is held in memory.
import { NextResponse } from 'next/server';
import { logger } from './logger';

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One field: neutralised if it would start a formula, quoted if it must be. */
export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  // Numbers and booleans are ours, never typed by anyone; a negative count would be a number, not a formula.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvRow(cells: readonly (string | number | boolean)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A name as lower-case ASCII words joined by dashes (accents dropped), for a file name; '' when nothing is left. */
export function fileNameSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** Content-Disposition for a download of `fileName` (ASCII only, see fileNameSlug). */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"`;
}

/** The answer of an export route: the streamed CSV as a download named `fileName`. */
export function csvResponse(body: ReadableStream<Uint8Array>, fileName: string): NextResponse {
  return new NextResponse(body, {
    status: 200,
    headers: {
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': attachmentDisposition(fileName),
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** One page of an export's rows; `nextPageToken` is '' on the last. */
export interface CsvPage<T> {
  rows: T[];
  nextPageToken: string;
}

/** 2,000 pages (a million rows at 500 a page): a service handing out endless cursors stops here. */
const MAX_PAGES = 2000;

/**
 * Every page of a list as one CSV stream: the first page is asked before the answer starts, so a refusal (403, 404,
 * 503) is still an HTTP status then; a failure further on aborts the download rather than ending it with a silently
 * shortened file. `call` names the list in the log.
 */
export async function csvStream<T>(
  call: string,
  fetchPage: (pageToken: string) => Promise<CsvPage<T>>,
  header: string,
  row: (value: T) => string,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const rows = (values: T[]) => values.map(row).join('');
  const first = await fetchPage('');
  let pageToken = first.nextPageToken;
  let pages = 1;
  const asked = new Set<string>();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + header + rows(first.rows)));
      if (!pageToken) controller.close();
    },
    async pull(controller) {
      if (asked.has(pageToken) || pages >= MAX_PAGES) {
        controller.error(new Error(`${call} kept answering with more pages; the export stops`));
        return;
      }
      asked.add(pageToken);
      let page: CsvPage<T>;
      try {
        page = await fetchPage(pageToken);
      } catch (error) {
        logger.error({ err: error, call }, 'a CSV export failed part-way');
        controller.error(error);
        return;
      }
      pages += 1;
      controller.enqueue(encoder.encode(rows(page.rows)));
      pageToken = page.nextPageToken;
      if (!pageToken) controller.close();
    },
  });
}
