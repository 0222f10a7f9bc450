// The events "Scan Tickets" offers: the organisation's live events (any member may read them from catalog), without
// those that have ended, soonest first.
import { scannableEvents } from '@kassa/web/features/tickets/scan-events-screen';
import type { EventView } from '@kassa/web/lib/event-model';
import { eventClientAs } from '../clients/event-client';
import { toEventView } from '../events/event-views';

/** An organisation runs a handful of live events at once; this bounds the walk if it ever runs hundreds. */
const SCAN_EVENTS_MAX = 500;

export async function loadScannableEvents(userId: string, orgId: string, now = Date.now()): Promise<EventView[]> {
  const catalog = eventClientAs(userId);
  const events: EventView[] = [];
  let pageToken = '';
  do {
    const answer = await catalog.listEvents({
      organisationId: orgId,
      query: '',
      statuses: ['live'],
      page: { pageSize: 100, pageToken },
    });
    events.push(...answer.events.map(toEventView));
    pageToken = answer.page?.nextPageToken ?? '';
  } while (pageToken && events.length < SCAN_EVENTS_MAX);
  return scannableEvents(events, now);
}
