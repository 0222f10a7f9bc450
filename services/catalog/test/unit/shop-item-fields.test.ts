import { ValidationError } from '@kassa/platform/errors';
import { newId } from '@kassa/platform/ids';
import { SHOP_LIMITS } from '@kassa/contracts/shops';
import { type ShopItemFieldsInput, assertItemEventCount, checkShopItemFields } from '../../src/domain/shop-item-fields';

const shop = { opensAt: new Date('2026-07-01T10:00:00Z'), closesAt: new Date('2026-07-10T10:00:00Z') };
const extra = newId('evt');
const valid: ShopItemFieldsInput = {
  ticketOptionId: newId('tko'),
  extraEventIds: [extra],
  name: ' Early bird ',
  priceMinor: 2500,
  saleStart: undefined,
  saleEnd: undefined,
  maxPerOrder: undefined,
  position: 0,
};
const at = (date: Date, deltaMs: number) => new Date(date.getTime() + deltaMs);

function violationsOf(input: Partial<ShopItemFieldsInput>): { field: string; message: string }[] {
  try {
    checkShopItemFields({ ...valid, ...input }, shop);
  } catch (error) {
    if (error instanceof ValidationError) return error.violations;
    throw error;
  }
  return [];
}

describe('checkShopItemFields', () => {
  it('reads unset windows and limits as the shop’s and none', () => {
    expect(checkShopItemFields(valid, shop)).toMatchObject({
      name: 'Early bird',
      saleStart: null,
      saleEnd: null,
      maxPerOrder: null,
      extraEventIds: [extra],
    });
  });

  it('requires a well-formed ticket option and distinct, well-formed extra events', () => {
    expect(violationsOf({ ticketOptionId: '' })).toEqual([
      { field: 'ticketOptionId', message: 'Ticket option is required' },
    ]);
    expect(violationsOf({ ticketOptionId: newId('evt') })).toEqual([
      { field: 'ticketOptionId', message: 'ID is invalid' },
    ]);
    expect(violationsOf({ extraEventIds: [extra, 'evt_x'] })).toEqual([
      { field: 'extraEventIds.1', message: 'ID is invalid' },
    ]);
    expect(violationsOf({ extraEventIds: [extra, extra] })).toEqual([
      { field: 'extraEventIds.1', message: 'Events is invalid' },
    ]);
  });

  it('grants at most 40 events: a longer extra list is refused before any lookup, 41 in all once the own is known', () => {
    const events = (n: number) => Array.from({ length: n }, () => newId('evt'));
    expect(SHOP_LIMITS.itemEvents).toBe(40);
    expect(violationsOf({ extraEventIds: events(40) })).toEqual([]);
    expect(violationsOf({ extraEventIds: events(41) })).toEqual([
      { field: 'extraEventIds', message: 'Events is invalid' },
    ]);
    expect(() => assertItemEventCount(events(40))).not.toThrow();
    expect(() => assertItemEventCount(events(41))).toThrow(ValidationError);
  });

  it('takes a price of at least 0, a max per order of at least 1 and a name of at most 100', () => {
    expect(violationsOf({ priceMinor: 0 })).toEqual([]);
    expect(violationsOf({ priceMinor: -1 })).toEqual([{ field: 'priceMinor', message: 'Minimum value is 0' }]);
    expect(violationsOf({ priceMinor: 1.5 })).toEqual([{ field: 'priceMinor', message: 'Price is invalid' }]);
    expect(violationsOf({ maxPerOrder: 0 })).toEqual([{ field: 'maxPerOrder', message: 'Minimum value is 1' }]);
    expect(violationsOf({ maxPerOrder: 1 })).toEqual([]);
    expect(violationsOf({ name: 'x'.repeat(101) })).toEqual([{ field: 'name', message: 'Name is too long' }]);
    expect(violationsOf({ position: -1 })).toEqual([{ field: 'position', message: 'Minimum value is 0' }]);
  });

  it('keeps the sale start within the shop’s window and the sale end after it, no later than the closing', () => {
    expect(violationsOf({ saleStart: shop.opensAt, saleEnd: shop.closesAt })).toEqual([]);
    expect(violationsOf({ saleStart: at(shop.opensAt, -1) })).toEqual([
      { field: 'saleStart', message: 'Sale start is invalid' },
    ]);
    expect(violationsOf({ saleStart: shop.closesAt })).toEqual([
      { field: 'saleStart', message: 'Sale start is invalid' },
    ]);
    const start = at(shop.opensAt, 3600_000);
    expect(violationsOf({ saleStart: start, saleEnd: start })).toEqual([
      { field: 'saleEnd', message: 'Sale end is invalid' },
    ]);
    expect(violationsOf({ saleStart: start, saleEnd: at(start, 1) })).toEqual([]);
    expect(violationsOf({ saleEnd: shop.opensAt })).toEqual([{ field: 'saleEnd', message: 'Sale end is invalid' }]);
    expect(violationsOf({ saleEnd: at(shop.closesAt, 1) })).toEqual([
      { field: 'saleEnd', message: 'Sale end is invalid' },
    ]);
  });
});
