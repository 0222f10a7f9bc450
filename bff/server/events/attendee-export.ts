// The Attendees CSV export: every page of ListAttendees (500 a page) for one event and filter, streamed as CSV
// (attendee-csv.ts) while ticketing answers the next page, so a large event neither waits for the whole list nor
// holds it in memory. The first page is asked before the answer starts: a refusal (403, 404, 503) is still an HTTP
// status then. A failure further on aborts the download rather than ending it with a silently shortened file.
import type { Locale } from '@kassa/contracts/locales';
import type { AttendeeView } from '@kassa/web/features/tickets/ticket-model';
import { messages } from '@kassa/web/messages';
import { attendeeCsvHeader, attendeeCsvRow, type AttendeeCsvLabels, CSV_BOM } from './attendee-csv';
import { logger } from '../logger';

export const EXPORT_PAGE_SIZE = 500;
/** 1,000,000 attendees at 500 a page: far past any venue; a service handing out endless cursors stops here. */
const MAX_PAGES = 2000;

export interface AttendeePage {
  attendees: AttendeeView[];
  /** '' on the last page. */
  nextPageToken: string;
}

/** The export's headings and yes/no in English or Dutch (the organiser's language, as the page asked for it). */
export function attendeeCsvLabels(locale: Locale): AttendeeCsvLabels {
  return messages[locale].Tickets.attendees.csv;
}

export async function attendeesCsvStream(
  fetchPage: (pageToken: string) => Promise<AttendeePage>,
  labels: AttendeeCsvLabels,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const rows = (attendees: AttendeeView[]) => attendees.map((attendee) => attendeeCsvRow(attendee, labels)).join('');
  const first = await fetchPage('');
  let pageToken = first.nextPageToken;
  let pages = 1;
  const asked = new Set<string>();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + attendeeCsvHeader(labels) + rows(first.attendees)));
      if (!pageToken) controller.close();
    },
    async pull(controller) {
      if (asked.has(pageToken) || pages >= MAX_PAGES) {
        controller.error(new Error('ListAttendees kept answering with more pages; the export stops'));
        return;
      }
      asked.add(pageToken);
      let page: AttendeePage;
      try {
        page = await fetchPage(pageToken);
      } catch (error) {
        logger.error({ err: error, call: 'ListAttendees' }, 'an attendee CSV export failed part-way');
        controller.error(error);
        return;
      }
      pages += 1;
      controller.enqueue(encoder.encode(rows(page.attendees)));
      pageToken = page.nextPageToken;
      if (!pageToken) controller.close();
    },
  });
}
