// The offline kit downloaded a page at a time (ticketing pages a festival's kit): all pages become one kit, and a
// failed or inconsistent page leaves the caller with a failure rather than half a kit.
import type { ApiResult } from '../../src/lib/api-result';
import type { OfflineKitView } from '../../src/lib/scan-model';
import { downloadOfflineKit } from '../../src/features/scanner/offline-kit-download';
import { makeKey, makeKit, offlineTicket } from '../support/ticket-codes';

const EVENT = 'evt_01jzq8y6c3m0v2k4r5t6w7x8za';
const key = makeKey();
const ticket = (n: number) =>
  offlineTicket({ id: `tkt_01jzq8y6c3m0v2k4r5t6w7x8${String(n).padStart(2, '0')}`, reference: `REF-${n}` });

/** A stand-in for the BFF's kit route: `pages` tickets per page, tokens 'p1', 'p2', …; every call recorded. */
function pagedKit(total: number, perPage: number, revoked: number[] = []) {
  const asked: string[] = [];
  const tickets = Array.from({ length: total }, (_, i) => ticket(i + 1));
  const fetchPage = async (pageToken: string): Promise<ApiResult<OfflineKitView>> => {
    asked.push(pageToken);
    const index = pageToken === '' ? 0 : Number(pageToken.slice(1));
    const page = tickets.slice(index * perPage, (index + 1) * perPage);
    const pageRevoked = page.filter((_, i) => revoked.includes(index * perPage + i + 1)).map((entry) => entry.id);
    return {
      ok: true,
      data: {
        ...makeKit(EVENT, [key], page, pageRevoked),
        generatedAt: `2031-07-01T18:00:0${index}.000Z`,
        counts: { checkedIn: index, sold: total },
        nextPageToken: (index + 1) * perPage < total ? `p${index + 1}` : '',
      },
    };
  };
  return { asked, tickets, fetchPage };
}

describe('downloadOfflineKit', () => {
  it('follows the pages to the last and gives one kit: every ticket and revocation once, in order', async () => {
    const paged = pagedKit(7, 3, [2, 7]);
    const answer = await downloadOfflineKit(paged.fetchPage);
    expect(paged.asked).toEqual(['', 'p1', 'p2']);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.data.tickets).toEqual(paged.tickets);
    expect(answer.data.revokedTicketIds).toEqual([paged.tickets[1]!.id, paged.tickets[6]!.id]);
    // The first page's moment (what the whole kit is at least as fresh as), the last page's counts (the newest).
    expect(answer.data).toMatchObject({ generatedAt: '2031-07-01T18:00:00.000Z', counts: { checkedIn: 2, sold: 7 } });
    expect(answer.data.nextPageToken).toBe('');
  });

  it('takes a kit of one page (or a whole kit from a BFF that does not page) as it is', async () => {
    const paged = pagedKit(2, 5);
    const answer = await downloadOfflineKit(paged.fetchPage);
    expect(paged.asked).toEqual(['']);
    expect(answer).toMatchObject({ ok: true, data: { tickets: paged.tickets } });
  });

  it('fails as a whole when a page fails or names another event, so the kit in hand is kept', async () => {
    const paged = pagedKit(7, 3);
    const failing = async (pageToken: string): Promise<ApiResult<OfflineKitView>> =>
      pageToken === 'p2' ? { ok: false, status: 0, message: '', fields: {} } : paged.fetchPage(pageToken);
    expect(await downloadOfflineKit(failing)).toMatchObject({ ok: false, status: 0 });

    const moved = async (pageToken: string): Promise<ApiResult<OfflineKitView>> => {
      const answer = await paged.fetchPage(pageToken);
      return answer.ok && pageToken === 'p1' ? { ok: true, data: { ...answer.data, eventId: 'evt_other' } } : answer;
    };
    // The server answered, only not a kit: no reason to call the scanner offline (status 0 or 5xx) or revoked.
    expect(await downloadOfflineKit(moved)).toMatchObject({ ok: false, status: 409 });
  });

  it('stops following a server that never ends its pages', async () => {
    let calls = 0;
    const endless = async (): Promise<ApiResult<OfflineKitView>> => {
      calls += 1;
      return { ok: true, data: { ...makeKit(EVENT, [key], [ticket(calls)]), nextPageToken: `p${calls}` } };
    };
    expect(await downloadOfflineKit(endless)).toMatchObject({ ok: false, status: 409 });
    expect(calls).toBe(400);
  });
});
