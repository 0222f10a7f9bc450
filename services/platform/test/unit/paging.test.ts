import { ValidationError } from '../../src/errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageInfo, readPage } from '../../src/paging';

const token = (text: string) => Buffer.from(text).toString('base64url');

describe('paging', () => {
  it('reads the page size: 50 when not given, at least 1, at most 100', () => {
    expect(readPage(undefined)).toEqual({ limit: DEFAULT_PAGE_SIZE, offset: 0 });
    expect(readPage({ pageSize: 0, pageToken: '' })).toEqual({ limit: 50, offset: 0 });
    expect(readPage({ pageSize: 20, pageToken: '' })).toEqual({ limit: 20, offset: 0 });
    expect(readPage({ pageSize: -5, pageToken: '' })).toEqual({ limit: 1, offset: 0 });
    expect(readPage({ pageSize: 1_000, pageToken: '' })).toEqual({ limit: MAX_PAGE_SIZE, offset: 0 });
    expect(MAX_PAGE_SIZE).toBe(100);
  });

  it('hands out an opaque next-page token until the last page, and reads it back', () => {
    const first = readPage({ pageSize: 20, pageToken: '' });
    const info = pageInfo(first, 45);
    expect(info).toEqual({ nextPageToken: token('o20'), totalSize: 45 });
    const second = readPage({ pageSize: 20, pageToken: info.nextPageToken });
    expect(second).toEqual({ limit: 20, offset: 20 });
    const third = readPage({ pageSize: 20, pageToken: pageInfo(second, 45).nextPageToken });
    expect(third).toEqual({ limit: 20, offset: 40 });
    expect(pageInfo(third, 45)).toEqual({ nextPageToken: '', totalSize: 45 });
    expect(pageInfo({ limit: 20, offset: 0 }, 20)).toEqual({ nextPageToken: '', totalSize: 20 });
    expect(pageInfo({ limit: 20, offset: 0 }, 0)).toEqual({ nextPageToken: '', totalSize: 0 });
  });

  it('refuses a token it did not make, on page.pageToken', () => {
    for (const bad of ['x', token('20'), token('o'), token('o-1'), token('o1234567890'), token('o1 ')]) {
      let caught: unknown;
      try {
        readPage({ pageSize: 10, pageToken: bad });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ValidationError);
      expect((caught as ValidationError).violations).toEqual([{ field: 'page.pageToken', message: 'Page is invalid' }]);
    }
  });
});
