import { pageInfo } from '@kassa/platform/paging';
import { attendeesPage, MAX_ATTENDEES_PAGE_SIZE } from '../../src/application/list-attendees';

describe("the attendees list's pages", () => {
  it('are 50 by default and at most 500, so the CSV export walks fewer pages than other lists', () => {
    expect(MAX_ATTENDEES_PAGE_SIZE).toBe(500);
    expect(attendeesPage(undefined)).toEqual({ limit: 50, offset: 0 });
    expect(attendeesPage({ pageSize: 500, pageToken: '' })).toEqual({ limit: 500, offset: 0 });
    expect(attendeesPage({ pageSize: 5000, pageToken: '' }).limit).toBe(500);
    expect(attendeesPage({ pageSize: -3, pageToken: '' }).limit).toBe(1);
  });

  it("continue from the platform's next-page token", () => {
    const first = attendeesPage({ pageSize: 500, pageToken: '' });
    const token = pageInfo(first, 1200).nextPageToken;
    expect(attendeesPage({ pageSize: 500, pageToken: token })).toEqual({ limit: 500, offset: 500 });
    expect(() => attendeesPage({ pageSize: 500, pageToken: 'nope' })).toThrow();
  });
});
