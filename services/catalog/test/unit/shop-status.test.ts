import { FailedPreconditionError } from '@kassa/platform/errors';
import {
  type ShopStatus,
  type ShopStatusChange,
  changeShopStatus,
  dueWindowChange,
  isReachableByGuests,
  shopWindow,
  windowAt,
} from '../../src/domain/shop-status';

const now = new Date('2026-06-01T12:00:00Z');
const open = { closesAt: new Date('2026-06-10T00:00:00Z'), now };
const closed = { closesAt: now, now };

describe('the shop status machine', () => {
  it.each<[ShopStatus, ShopStatusChange, ShopStatus, boolean]>([
    ['draft', 'published', 'public', true],
    ['public', 'published', 'public', false],
    ['public', 'converted_to_draft', 'draft', true],
    ['draft', 'converted_to_draft', 'draft', false],
    ['draft', 'deleted', 'deleted', true],
    ['public', 'deleted', 'deleted', true],
    ['deleted', 'deleted', 'deleted', false],
  ])('%s --%s--> %s', (from, change, to, changed) => {
    expect(changeShopStatus(from, change, open)).toEqual({ status: to, changed });
  });

  it('refuses to publish a deleted shop or one whose closing has come, and to convert a deleted one', () => {
    expect(() => changeShopStatus('deleted', 'published', open)).toThrow(FailedPreconditionError);
    expect(() => changeShopStatus('draft', 'published', closed)).toThrow('The shop has already closed');
    expect(() => changeShopStatus('deleted', 'converted_to_draft', open)).toThrow(FailedPreconditionError);
    // A public shop stays public when published again, even after it closed: nothing changes.
    expect(changeShopStatus('public', 'published', closed)).toEqual({ status: 'public', changed: false });
  });
});

describe('the window', () => {
  const opensAt = new Date('2026-06-01T10:00:00Z');
  const closesAt = new Date('2026-06-01T18:00:00Z');
  const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

  it('is upcoming before opens_at, open from opens_at, closed from closes_at (exact boundaries)', () => {
    expect(windowAt({ opensAt, closesAt }, ms(opensAt, -1))).toBe('upcoming');
    expect(windowAt({ opensAt, closesAt }, opensAt)).toBe('open');
    expect(windowAt({ opensAt, closesAt }, ms(closesAt, -1))).toBe('open');
    expect(windowAt({ opensAt, closesAt }, closesAt)).toBe('closed');
    expect(windowAt({ opensAt, closesAt }, ms(closesAt, 1))).toBe('closed');
  });

  it('belongs to public shops only, and guests reach them from opening (before, with a coming-soon page) until they close', () => {
    expect(shopWindow({ status: 'draft', opensAt, closesAt }, opensAt)).toBe('');
    expect(shopWindow({ status: 'deleted', opensAt, closesAt }, opensAt)).toBe('');
    expect(shopWindow({ status: 'public', opensAt, closesAt }, opensAt)).toBe('open');
    const shop = (status: string, showComingSoon: boolean) => ({ status, opensAt, closesAt, showComingSoon });
    for (const showComingSoon of [false, true]) {
      expect(isReachableByGuests(shop('public', showComingSoon), opensAt)).toBe(true);
      expect(isReachableByGuests(shop('public', showComingSoon), closesAt)).toBe(false);
      expect(isReachableByGuests(shop('draft', showComingSoon), opensAt)).toBe(false);
      expect(isReachableByGuests(shop('deleted', showComingSoon), opensAt)).toBe(false);
    }
    // Before it opens: only when the organiser chose to show a coming-soon page.
    expect(isReachableByGuests(shop('public', true), ms(opensAt, -1))).toBe(true);
    expect(isReachableByGuests(shop('public', false), ms(opensAt, -1))).toBe(false);
    expect(isReachableByGuests(shop('draft', true), ms(opensAt, -1))).toBe(false);
  });

  it('announces opened and closed once each, when due', () => {
    const shop = (announcedWindow: string, status = 'public') => ({ status, opensAt, closesAt, announcedWindow });
    expect(dueWindowChange(shop('upcoming'), ms(opensAt, -1))).toBeNull();
    expect(dueWindowChange(shop('upcoming'), opensAt)).toBe('opened');
    expect(dueWindowChange(shop('open'), opensAt)).toBeNull();
    expect(dueWindowChange(shop('open'), ms(closesAt, -1))).toBeNull();
    expect(dueWindowChange(shop('open'), closesAt)).toBe('closed');
    // Both passed unseen (Redis and the service were down): straight to closed.
    expect(dueWindowChange(shop('upcoming'), closesAt)).toBe('closed');
    expect(dueWindowChange(shop('closed'), closesAt)).toBeNull();
    expect(dueWindowChange(shop('', 'draft'), opensAt)).toBeNull();
    expect(dueWindowChange(shop('', 'deleted'), closesAt)).toBeNull();
  });
});
