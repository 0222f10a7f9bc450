// The Attendees CSV export: every page of ListAttendees (500 a page) for one event and filter, streamed as CSV
// (bff/server/csv.ts) while ticketing answers the next page.
import type { Locale } from '@kassa/contracts/locales';
import type { AttendeeView } from '@kassa/web/features/tickets/ticket-model';
import { messages } from '@kassa/web/messages';
import { attendeeCsvHeader, attendeeCsvRow, type AttendeeCsvLabels } from './attendee-csv';
import { csvStream } from '../csv';

export const EXPORT_PAGE_SIZE = 500;

export interface AttendeePage {
  attendees: AttendeeView[];
  /** '' on the last page. */
  nextPageToken: string;
}

/** The export's headings and yes/no in English or Dutch (the organiser's language, as the page asked for it). */
export function attendeeCsvLabels(locale: Locale): AttendeeCsvLabels {
  return messages[locale].Tickets.attendees.csv;
}

export function attendeesCsvStream(
  fetchPage: (pageToken: string) => Promise<AttendeePage>,
  labels: AttendeeCsvLabels,
): Promise<ReadableStream<Uint8Array>> {
  return csvStream(
    'ListAttendees',
    async (pageToken) => {
      const page = await fetchPage(pageToken);
      return { rows: page.attendees, nextPageToken: page.nextPageToken };
    },
    attendeeCsvHeader(labels),
    (attendee) => attendeeCsvRow(attendee, labels),
  );
}
