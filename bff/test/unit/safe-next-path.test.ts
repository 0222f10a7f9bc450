import { safeNextPath } from '../../lib/safe-next-path';

describe('safeNextPath', () => {
  it.each([
    ['/account', '/account'],
    ['/nl/account', '/nl/account'],
    ['/o/org_1/events?tab=2#top', '/o/org_1/events?tab=2#top'],
    ['/a/../account', '/account'],
  ])('keeps the same-origin path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    [undefined],
    [null],
    [''],
    ['account'],
    ['//evil.example/account'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/\tevil'],
    ['/%0d%0aSet-Cookie:x'.replace('%0d%0a', '\r\n')],
    ['/api/_auth/session'],
  ])('refuses %s', (next) => {
    expect(safeNextPath(next)).toBeNull();
  });
});
