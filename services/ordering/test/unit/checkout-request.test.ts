import { ValidationError } from '@kassa/platform/errors';
import { type CheckoutRequestLike, checkoutFingerprint, parseCheckoutRequest } from '../../src/domain/checkout-request';

const SHOP = 'shp_01jz0000000000000000000000';
const ITEM_A = 'itm_01jz0000000000000000000001';
const ITEM_B = 'itm_01jz0000000000000000000002';

const request = (overrides: Partial<CheckoutRequestLike> = {}): CheckoutRequestLike => ({
  shopId: SHOP,
  lines: [{ itemId: ITEM_A, quantity: 2 }],
  email: 'guest@example.test',
  discountCode: '',
  donationMinor: 0,
  subscribe: false,
  idempotencyKey: 'checkout-key-1',
  accessToken: '',
  locale: 'en',
  ...overrides,
});

const violations = (input: CheckoutRequestLike) => {
  try {
    parseCheckoutRequest(input);
  } catch (error) {
    if (error instanceof ValidationError) return error.violations;
    throw error;
  }
  return [];
};

describe('checkout requests', () => {
  it('normalise what they accept', () => {
    expect(
      parseCheckoutRequest(request({ email: ' Guest@Example.TEST ', discountCode: ' Summer10 ', locale: '' })),
    ).toEqual({
      shopId: SHOP,
      lines: [{ itemId: ITEM_A, quantity: 2 }],
      email: 'guest@example.test',
      discountCode: 'Summer10',
      donationMinor: 0,
      subscribe: false,
      idempotencyKey: 'checkout-key-1',
      accessToken: '',
      locale: 'en',
      clientAddress: null,
    });
    // The client address comes from the BFF: an IP address is kept, anything else counts as unknown.
    expect(parseCheckoutRequest(request({ clientAddress: '203.0.113.7' })).clientAddress).toBe('203.0.113.7');
    expect(parseCheckoutRequest(request({ clientAddress: 'somewhere' })).clientAddress).toBeNull();
  });
  it("report every problem at once, in the spec's words, with the request's field names", () => {
    expect(
      violations(
        request({ shopId: 'shp_x', lines: [], email: '', donationMinor: -5, idempotencyKey: '', locale: 'fr' }),
      ),
    ).toEqual([
      { field: 'shopId', message: 'ID is invalid' },
      { field: 'lines', message: 'Checkout needs at least one item' },
      { field: 'email', message: 'Email is required' },
      { field: 'donationMinor', message: 'Minimum value is 0' },
      { field: 'idempotencyKey', message: 'Idempotency key is required' },
      { field: 'locale', message: 'Locale is invalid' },
    ]);
    expect(
      violations(
        request({
          lines: [
            { itemId: ITEM_A, quantity: 0 },
            { itemId: 'evt_01jz0000000000000000000000', quantity: 1 },
            { itemId: ITEM_A, quantity: 1 },
            { itemId: ITEM_B, quantity: 1.5 },
          ],
          email: 'no-at-sign',
          discountCode: 'x'.repeat(101),
          donationMinor: 1.5,
          idempotencyKey: 'short',
        }),
      ),
    ).toEqual([
      { field: 'lines.0.quantity', message: 'Minimum value is 1' },
      { field: 'lines.1.itemId', message: 'ID is invalid' },
      { field: 'lines.2.itemId', message: 'Each item can be in the cart only once' },
      { field: 'lines.3.quantity', message: 'Minimum value is 1' },
      { field: 'email', message: 'Email is invalid' },
      { field: 'discountCode', message: 'Discount code is invalid' },
      { field: 'donationMinor', message: 'Donation is invalid' },
      { field: 'idempotencyKey', message: 'Idempotency key is invalid' },
    ]);
    expect(violations(request({ email: `${'a'.repeat(60)}@${'b'.repeat(200)}.example` }))).toEqual([
      { field: 'email', message: 'Email is too long' },
    ]);
    expect(violations(request({ idempotencyKey: 'has spaces in it' }))).toEqual([
      { field: 'idempotencyKey', message: 'Idempotency key is invalid' },
    ]);
    expect(violations(request({ idempotencyKey: 'k'.repeat(101) }))).toEqual([
      { field: 'idempotencyKey', message: 'Idempotency key is invalid' },
    ]);
  });
  it('take a code of the shared syntax, trimmed; what cannot be a code gets the words of an unknown one', () => {
    for (const code of ['abc', 'x'.repeat(32), 'summer_10-X', ' SUMMER10 '])
      expect(violations(request({ discountCode: code }))).toEqual([]);
    for (const code of ['ab', 'x'.repeat(33), 'x'.repeat(101), 'a b', 'ZOMER€10', '\u017Fummer10', 'a\u0007b']) {
      expect(violations(request({ discountCode: code }))).toEqual([
        { field: 'discountCode', message: 'Discount code is invalid' },
      ]);
    }
  });
  it('fingerprint the cart: line order, case of e-mail and code, and the access token do not matter; anything else does', () => {
    const base = checkoutFingerprint(
      parseCheckoutRequest(
        request({
          lines: [
            { itemId: ITEM_A, quantity: 2 },
            { itemId: ITEM_B, quantity: 1 },
          ],
          discountCode: 'summer',
        }),
      ),
    );
    const same = checkoutFingerprint(
      parseCheckoutRequest(
        request({
          lines: [
            { itemId: ITEM_B, quantity: 1 },
            { itemId: ITEM_A, quantity: 2 },
          ],
          discountCode: 'SUMMER',
          email: 'GUEST@example.test',
          accessToken: 'tok',
        }),
      ),
    );
    expect(same).toBe(base);
    for (const change of [
      {
        lines: [
          { itemId: ITEM_A, quantity: 3 },
          { itemId: ITEM_B, quantity: 1 },
        ],
      },
      { donationMinor: 500 },
      { subscribe: true },
      { email: 'other@example.test' },
      { locale: 'nl' },
    ]) {
      const other = checkoutFingerprint(
        parseCheckoutRequest(
          request({
            lines: [
              { itemId: ITEM_A, quantity: 2 },
              { itemId: ITEM_B, quantity: 1 },
            ],
            discountCode: 'summer',
            ...change,
          }),
        ),
      );
      expect(other).not.toBe(base);
    }
  });
});
