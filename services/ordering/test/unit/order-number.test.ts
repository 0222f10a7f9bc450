import fc from 'fast-check';
import {
  CROCKFORD,
  formatOrderNumber,
  normaliseOrderNumberQuery,
  ORDER_NUMBER_PATTERN,
} from '../../src/domain/order-number';

describe('order numbers', () => {
  it('are 40 bits as 8 Crockford base32 characters, "XXXX-XXXX"', () => {
    expect(formatOrderNumber(new Uint8Array([0, 0, 0, 0, 0]))).toBe('0000-0000');
    expect(formatOrderNumber(new Uint8Array([255, 255, 255, 255, 255]))).toBe('ZZZZ-ZZZZ');
    expect(formatOrderNumber(new Uint8Array([0, 0, 0, 0, 31]))).toBe('0000-000Z');
    expect(formatOrderNumber(new Uint8Array([0x08, 0x42, 0x10, 0x84, 0x21]))).toBe('1111-1111');
    expect(() => formatOrderNumber(new Uint8Array(4))).toThrow();
  });
  it('property: every number matches the pattern, never uses I, L, O or U, and differs for different bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 5, maxLength: 5 }),
        fc.uint8Array({ minLength: 5, maxLength: 5 }),
        (a, b) => {
          const number = formatOrderNumber(a);
          expect(number).toMatch(ORDER_NUMBER_PATTERN);
          expect(number).not.toMatch(/[ILOU]/);
          if (Buffer.compare(Buffer.from(a), Buffer.from(b)) !== 0) expect(formatOrderNumber(b)).not.toBe(number);
        },
      ),
    );
    expect(CROCKFORD).toHaveLength(32);
  });
  it('are searched in any case, with or without the dash, reading O as 0 and I/L as 1', () => {
    expect(normaliseOrderNumberQuery('k7f3-9qx2')).toBe('K7F39QX2');
    expect(normaliseOrderNumberQuery(' K7F3 9QX2 ')).toBe('K7F39QX2');
    expect(normaliseOrderNumberQuery('oil0')).toBe('0110');
  });
});
