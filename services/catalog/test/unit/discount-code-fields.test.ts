import { ValidationError } from '@kassa/platform/errors';
import { newId } from '@kassa/platform/ids';
import { normaliseDiscountCode } from '@kassa/contracts/discount-code';
import { SHOP_LIMITS } from '@kassa/contracts/shops';
import { type DiscountCodeFieldsInput, checkDiscountCodeFields } from '../../src/domain/discount-code-fields';

const item = newId('itm');
const valid: DiscountCodeFieldsInput = {
  code: ' summer_10-x ',
  type: 'percentage',
  value: 10,
  validFrom: undefined,
  validUntil: undefined,
  maxUses: undefined,
  itemIds: [item],
};

function violationsOf(input: Partial<DiscountCodeFieldsInput>): { field: string; message: string }[] {
  try {
    checkDiscountCodeFields({ ...valid, ...input });
  } catch (error) {
    if (error instanceof ValidationError) return error.violations;
    throw error;
  }
  return [];
}

describe('checkDiscountCodeFields', () => {
  it('keeps the code as typed and compares it in upper case', () => {
    expect(checkDiscountCodeFields(valid)).toMatchObject({
      code: 'summer_10-x',
      codeKey: 'SUMMER_10-X',
      maxUses: null,
      validFrom: null,
      itemIds: [item],
    });
    // The key is the shared normal form, the one ordering looks a guest's code up in.
    expect(checkDiscountCodeFields({ ...valid, code: ' Summer10 ' }).codeKey).toBe(normaliseDiscountCode('summer10 '));
  });

  it('takes 3 to 32 letters, digits, "-" and "_"', () => {
    expect(violationsOf({ code: '' })).toEqual([{ field: 'code', message: 'Code is required' }]);
    expect(violationsOf({ code: 'ab' })).toEqual([{ field: 'code', message: 'Code is invalid' }]);
    expect(violationsOf({ code: 'abc' })).toEqual([]);
    expect(violationsOf({ code: 'x'.repeat(32) })).toEqual([]);
    expect(violationsOf({ code: 'x'.repeat(33) })).toEqual([{ field: 'code', message: 'Code is invalid' }]);
    expect(violationsOf({ code: 'ZOMER 10' })).toEqual([{ field: 'code', message: 'Code is invalid' }]);
    expect(violationsOf({ code: 'ZOMER€10' })).toEqual([{ field: 'code', message: 'Code is invalid' }]);
  });

  it('takes fixed values of at least 1 and percentages of 1 to 100', () => {
    expect(violationsOf({ type: '' })).toEqual([{ field: 'type', message: 'Type is required' }]);
    expect(violationsOf({ type: 'free' })).toEqual([{ field: 'type', message: 'Type is invalid' }]);
    expect(violationsOf({ type: 'fixed', value: 0 })).toEqual([{ field: 'value', message: 'Minimum value is 1' }]);
    expect(violationsOf({ type: 'fixed', value: 100_000 })).toEqual([]);
    expect(violationsOf({ type: 'percentage', value: 0 })).toEqual([{ field: 'value', message: 'Minimum value is 1' }]);
    expect(violationsOf({ type: 'percentage', value: 100 })).toEqual([]);
    expect(violationsOf({ type: 'percentage', value: 101 })).toEqual([{ field: 'value', message: 'Value is invalid' }]);
  });

  it('wants valid until after valid from, max uses of at least 1 and distinct item ids', () => {
    const from = new Date('2026-07-01T00:00:00Z');
    expect(violationsOf({ validFrom: from, validUntil: from })).toEqual([
      { field: 'validUntil', message: 'Valid until is invalid' },
    ]);
    expect(violationsOf({ validFrom: from, validUntil: new Date(from.getTime() + 1) })).toEqual([]);
    expect(violationsOf({ validUntil: from })).toEqual([]);
    expect(violationsOf({ maxUses: 0 })).toEqual([{ field: 'maxUses', message: 'Minimum value is 1' }]);
    expect(violationsOf({ itemIds: [item, item] })).toEqual([{ field: 'itemIds.1', message: 'Items is invalid' }]);
    expect(violationsOf({ itemIds: ['tko_x'] })).toEqual([{ field: 'itemIds.0', message: 'ID is invalid' }]);
  });

  it('limits a code to at most SHOP_LIMITS.discountCodeItems items', () => {
    const items = (count: number) => Array.from({ length: count }, () => newId('itm'));
    expect(violationsOf({ itemIds: items(SHOP_LIMITS.discountCodeItems) })).toEqual([]);
    expect(violationsOf({ itemIds: items(SHOP_LIMITS.discountCodeItems + 1) })).toEqual([
      { field: 'itemIds', message: 'Items is invalid' },
    ]);
  });
});
