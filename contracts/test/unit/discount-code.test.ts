import {
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_CODE_MIN_LENGTH,
  DISCOUNT_CODE_PATTERN,
  isDiscountCode,
  normaliseDiscountCode,
} from '../../src/discount-code';

describe('the discount code syntax', () => {
  it('takes 3 to 32 characters', () => {
    expect([DISCOUNT_CODE_MIN_LENGTH, DISCOUNT_CODE_MAX_LENGTH]).toEqual([3, 32]);
    expect(isDiscountCode('x'.repeat(DISCOUNT_CODE_MIN_LENGTH - 1))).toBe(false);
    expect(isDiscountCode('x'.repeat(DISCOUNT_CODE_MIN_LENGTH))).toBe(true);
    expect(isDiscountCode('x'.repeat(DISCOUNT_CODE_MAX_LENGTH))).toBe(true);
    expect(isDiscountCode('x'.repeat(DISCOUNT_CODE_MAX_LENGTH + 1))).toBe(false);
    expect(isDiscountCode('')).toBe(false);
    expect(DISCOUNT_CODE_PATTERN.source).toBe('^[A-Za-z0-9_-]{3,32}$');
  });

  it('takes ASCII letters in either case, digits, "-" and "_", and nothing else', () => {
    for (const code of ['SUMMER10', 'summer10', 'Summer_10-x', '---', '___', '007'])
      expect(isDiscountCode(code)).toBe(true);
    for (const code of [
      'ZOMER 10',
      'ZOMER€10',
      'zómer10',
      'ſummer10',
      'SUMMER.10',
      'a+b',
      '<script>',
      'a\u0007b',
      'ab\u0000c',
      'SUMMER10\n',
    ]) {
      expect(isDiscountCode(code)).toBe(false);
    }
  });

  it('takes the code exactly as given: surrounding spaces are for normaliseDiscountCode to drop', () => {
    expect(isDiscountCode(' SUMMER10 ')).toBe(false);
    expect(isDiscountCode(normaliseDiscountCode(' SUMMER10 '))).toBe(true);
  });
});

describe('normaliseDiscountCode', () => {
  it('drops surrounding whitespace and upper-cases, so that any spelling of a code is one code', () => {
    expect(normaliseDiscountCode('  Summer_10-x ')).toBe('SUMMER_10-X');
    expect(normaliseDiscountCode('\t summer10\u00a0\n')).toBe('SUMMER10');
    expect(normaliseDiscountCode('summer10')).toBe(normaliseDiscountCode('SUMMER10'));
    expect(normaliseDiscountCode('   ')).toBe('');
    expect(normaliseDiscountCode(normaliseDiscountCode(' sUmMeR10 '))).toBe('SUMMER10');
  });

  it('maps ASCII letters only, so a look-alike never normalises into a code', () => {
    // toUpperCase() would turn the long s into "S" and "ß" into "SS".
    expect(normaliseDiscountCode('ſummer10')).toBe('ſUMMER10');
    expect(isDiscountCode(normaliseDiscountCode('ſummer10'))).toBe(false);
    expect(normaliseDiscountCode('straße')).toBe('STRAßE');
    expect(normaliseDiscountCode('a b')).toBe('A B');
  });

  it('agrees with the lower-case comparison ordering makes in SQL, for every code', () => {
    for (const code of ['summer10', 'SUMMER10', 'Summer_10-x', 'a-b_c'])
      expect(normaliseDiscountCode(code).toLowerCase()).toBe(code.toLowerCase());
  });
});
