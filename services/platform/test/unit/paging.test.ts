import { ValidationError } from '../../src/errors';
import { DEFAULT_PAGE_SIZE, keysetPageOf, MAX_PAGE_SIZE, pageInfo, readKeysetPage, readPage } from '../../src/paging';

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

  describe('keyset pages', () => {
    const sizes = { default: 3, max: 5 };
    const ids = Array.from({ length: 7 }, (_, i) => `tkt_01jzq8y6c3m0v2k4r5t6w7x8${String(i).padStart(2, '0')}`);

    it('walks a list by its key: a next token only while rows are left, never an empty last page', () => {
      const walked: string[][] = [];
      let pageToken = '';
      do {
        const page = readKeysetPage({ pageSize: 3, pageToken }, 'tkt', sizes);
        // What a repository answers: up to limit + 1 rows after the key.
        const rows = ids.filter((id) => id > page.after).slice(0, page.limit + 1);
        const { rows: shown, pageInfo: info } = keysetPageOf(page, rows, (id) => id);
        walked.push(shown);
        expect(info.totalSize).toBe(-1);
        pageToken = info.nextPageToken;
      } while (pageToken !== '' && walked.length < 10);
      expect(walked).toEqual([ids.slice(0, 3), ids.slice(3, 6), ids.slice(6)]);

      const exact = readKeysetPage({ pageSize: 0, pageToken: '' }, 'tkt', { default: 7, max: 10 });
      expect(exact).toEqual({ limit: 7, after: '' });
      expect(keysetPageOf(exact, ids, (id) => id).pageInfo.nextPageToken).toBe('');
    });

    it('caps the size, and refuses a token it did not make or one naming another kind of id', () => {
      expect(readKeysetPage({ pageSize: 50, pageToken: '' }, 'tkt', sizes).limit).toBe(5);
      expect(readKeysetPage({ pageSize: -1, pageToken: '' }, 'tkt', sizes).limit).toBe(1);
      for (const bad of ['x', token('o20'), token(`k${ids[0]} `), token('kevt_01jzq8y6c3m0v2k4r5t6w7x800'), token('k')])
        expect(() => readKeysetPage({ pageSize: 3, pageToken: bad }, 'tkt', sizes)).toThrow(ValidationError);
    });
  });
});
