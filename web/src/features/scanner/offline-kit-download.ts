// Downloading the offline kit a page at a time: a festival's kit is tens of thousands of tickets, and one answer of
// that size would hold the whole kit at once in ticketing, the BFF and the phone. Pages follow the ticket ids, each
// read in its own snapshot; the kit is only taken once every page has come (a failed page keeps the kit in hand).
import type { ApiResult } from '../../lib/api-result';
import type { OfflineKitView } from '../../lib/scan-model';

/** One page of the kit: '' asks for the first. */
export type KitPageFetch = (pageToken: string) => Promise<ApiResult<OfflineKitView>>;

/** More pages than this is no event's kit (ticketing's pages hold 5,000 tickets): a server bug, not a kit to wait for. */
const MAX_PAGES = 400;
/** A kit whose pages do not fit together: the server answered, so neither offline (0, 5xx) nor revoked (401/403/404). */
const INCONSISTENT_KIT = 409;

/**
 * Every page of the kit, as one kit: the tickets and revocations of all pages in order; the keys and the moment of
 * the first page (the oldest: what the kit can be trusted to show); the counts of the last (the newest).
 */
export async function downloadOfflineKit(fetchPage: KitPageFetch): Promise<ApiResult<OfflineKitView>> {
  const first = await fetchPage('');
  if (!first.ok) return first;
  const kit: OfflineKitView = { ...first.data, tickets: [...first.data.tickets] };
  const revoked = [...first.data.revokedTicketIds];
  let next = first.data.nextPageToken;
  for (let pages = 1; next !== ''; pages += 1) {
    if (pages >= MAX_PAGES)
      return { ok: false, status: INCONSISTENT_KIT, message: 'The offline kit did not end', fields: {} };
    const page = await fetchPage(next);
    if (!page.ok) return page;
    if (page.data.eventId !== kit.eventId)
      return { ok: false, status: INCONSISTENT_KIT, message: 'The offline kit changed event', fields: {} };
    for (const ticket of page.data.tickets) kit.tickets.push(ticket);
    for (const id of page.data.revokedTicketIds) revoked.push(id);
    kit.counts = page.data.counts;
    next = page.data.nextPageToken;
  }
  return { ok: true, data: { ...kit, revokedTicketIds: revoked, nextPageToken: '' } };
}
