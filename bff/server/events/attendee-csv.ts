// The Attendees export's columns (bff/server/csv.ts writes them as RFC 4180 with the formula guard). Pure;
// attendee-export.ts streams it.
import type { AttendeeView } from '@kassa/web/features/tickets/ticket-model';
import { csvRow, fileNameSlug } from '../csv';

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
  return `attendees-${fileNameSlug(eventName) || eventId}.csv`;
}
