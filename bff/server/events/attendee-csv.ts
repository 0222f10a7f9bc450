// The Attendees export as CSV (RFC 4180): UTF-8 with a byte order mark (so Excel reads "Zoë" right), CRLF line
// ends, fields quoted when they hold a comma, quote, line break or edge space, quotes doubled. Cells that a
// spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return) get a leading apostrophe:
// e-mail addresses and item names are typed by guests and organisers, and a file opened by someone else must not
// run what they typed (CSV/formula injection). Pure; attendee-export.ts streams it.
import type { AttendeeView } from '@kassa/web/features/tickets/ticket-model';

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

/** The column headings in the reader's language, and the words for the opt-in column. */
export interface AttendeeCsvLabels {
  reference: string;
  status: string;
  item: string;
  orderNumber: string;
  email: string;
  subscribed: string;
  issuedAt: string;
  checkedInAt: string;
  device: string;
  ticketId: string;
  yes: string;
  no: string;
}

export function attendeeCsvHeader(labels: AttendeeCsvLabels): string {
  return csvRow([
    labels.reference,
    labels.status,
    labels.item,
    labels.orderNumber,
    labels.email,
    labels.subscribed,
    labels.issuedAt,
    labels.checkedInAt,
    labels.device,
    labels.ticketId,
  ]);
}

/**
 * One attendee. The status is the spec's word (created, used, canceled) as everywhere in Kassa's data; moments are
 * ISO 8601 in UTC, which every spreadsheet and script can read without guessing a time zone.
 */
export function attendeeCsvRow(attendee: AttendeeView, labels: Pick<AttendeeCsvLabels, 'yes' | 'no'>): string {
  return csvRow([
    attendee.reference,
    attendee.status,
    attendee.itemName,
    attendee.orderNumber,
    attendee.email,
    attendee.subscribed ? labels.yes : labels.no,
    attendee.issuedAt,
    attendee.checkedInAt,
    attendee.device,
    attendee.ticketId,
  ]);
}

/**
 * The download's file name, "attendees-<event>.csv": the event's name in lower-case ASCII words joined by dashes
 * (accents dropped), or its id when nothing of the name is left. Safe inside a quoted Content-Disposition.
 */
export function attendeesFileName(eventName: string, eventId: string): string {
  const slug = eventName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `attendees-${slug || eventId}.csv`;
}

/** Content-Disposition for a download of `fileName` (ASCII only, see attendeesFileName). */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"`;
}
