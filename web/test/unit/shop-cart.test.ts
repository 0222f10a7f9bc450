import {
  cartLines,
  cartReducer,
  cartStorageKey,
  clampQuantity,
  EMPTY_CART,
  parseStoredCart,
  reconcileCart,
  serializeCart,
  ticketCount,
  type CartState,
} from '../../src/lib/shop-cart';

const A = 'itm_01jc5v3q8x0000000000000001';
const B = 'itm_01jc5v3q8x0000000000000002';
const C = 'itm_01jc5v3q8x0000000000000003';
const donation = { enabled: true, suggestedAmountsMinor: [500, 1000], allowCustomAmount: false };

describe('cart reducer', () => {
  it("sets quantities within 0 and the item's maximum, dropping lines that reach 0", () => {
    let state = cartReducer(EMPTY_CART, { type: 'setQuantity', itemId: A, quantity: 3, max: 4 });
    expect(state.quantities).toEqual({ [A]: 3 });
    state = cartReducer(state, { type: 'setQuantity', itemId: A, quantity: 9, max: 4 });
    expect(state.quantities).toEqual({ [A]: 4 });
    state = cartReducer(state, { type: 'setQuantity', itemId: B, quantity: 2.7, max: 10 });
    expect(state.quantities).toEqual({ [A]: 4, [B]: 2 });
    expect(ticketCount(state)).toBe(6);
    state = cartReducer(state, { type: 'setQuantity', itemId: A, quantity: -1, max: 4 });
    expect(state.quantities).toEqual({ [B]: 2 });
    state = cartReducer(state, { type: 'setQuantity', itemId: B, quantity: Number.NaN, max: 4 });
    expect(state.quantities).toEqual({});
  });

  it('keeps a donation only when it is a positive whole amount, and codes trimmed', () => {
    expect(cartReducer(EMPTY_CART, { type: 'setDonation', amountMinor: 750 }).donationMinor).toBe(750);
    expect(cartReducer(EMPTY_CART, { type: 'setDonation', amountMinor: -5 }).donationMinor).toBe(0);
    expect(cartReducer(EMPTY_CART, { type: 'setDonation', amountMinor: 1.5 }).donationMinor).toBe(0);
    const coded = cartReducer(EMPTY_CART, { type: 'applyCode', code: '  summer10 ' });
    expect(coded.discountCode).toBe('summer10');
    expect(cartReducer(coded, { type: 'removeCode' }).discountCode).toBe('');
    expect(cartReducer(coded, { type: 'clear' })).toEqual(EMPTY_CART);
  });

  it("lists lines in the shop's display order", () => {
    const state: CartState = { quantities: { [C]: 1, [A]: 2 }, donationMinor: 0, discountCode: '' };
    expect(cartLines(state, [A, B, C])).toEqual([
      { itemId: A, quantity: 2 },
      { itemId: C, quantity: 1 },
    ]);
  });

  it('clamps', () => {
    expect(clampQuantity(5, 3)).toBe(3);
    expect(clampQuantity(-2, 3)).toBe(0);
    expect(clampQuantity(2, 0)).toBe(0);
    expect(clampQuantity(Number.POSITIVE_INFINITY, 3)).toBe(0);
  });
});

describe('cart persistence', () => {
  it('round-trips through storage, one key per shop', () => {
    const state: CartState = { quantities: { [A]: 2 }, donationMinor: 500, discountCode: 'SUMMER10' };
    expect(parseStoredCart(serializeCart(state))).toEqual(state);
    expect(cartStorageKey('shp_1')).not.toBe(cartStorageKey('shp_2'));
  });

  it('reads anything unexpected as an empty cart and drops malformed lines', () => {
    expect(parseStoredCart(null)).toEqual(EMPTY_CART);
    expect(parseStoredCart('not json')).toEqual(EMPTY_CART);
    expect(parseStoredCart('{"version":2,"quantities":{}}')).toEqual(EMPTY_CART);
    expect(parseStoredCart('[1,2]')).toEqual(EMPTY_CART);
    const stored = JSON.stringify({
      version: 1,
      quantities: { [A]: 2, [B]: '3', [C]: -1, x: 1.5 },
      donationMinor: 'lots',
      discountCode: 7,
    });
    expect(parseStoredCart(stored)).toEqual({ quantities: { [A]: 2 }, donationMinor: 0, discountCode: '' });
  });
});

describe('checking a stored cart against the shop', () => {
  it('drops unknown items, clamps to what one order may take and drops what cannot be bought', () => {
    const stored: CartState = { quantities: { [A]: 30, [B]: 2, [C]: 1 }, donationMinor: 0, discountCode: '' };
    const current = reconcileCart(stored, { maxQuantities: { [A]: 20, [B]: 0 }, donation });
    expect(current.quantities).toEqual({ [A]: 20 });
  });

  it('keeps a donation the shop still allows', () => {
    const limits = (overrides = {}) => ({ maxQuantities: {}, donation: { ...donation, ...overrides } });
    const withDonation = (donationMinor: number): CartState => ({ ...EMPTY_CART, donationMinor });
    expect(reconcileCart(withDonation(500), limits()).donationMinor).toBe(500);
    expect(reconcileCart(withDonation(700), limits()).donationMinor).toBe(0);
    expect(reconcileCart(withDonation(700), limits({ allowCustomAmount: true })).donationMinor).toBe(700);
    expect(reconcileCart(withDonation(500), limits({ enabled: false })).donationMinor).toBe(0);
  });

  it('forgets a code that cannot be one', () => {
    expect(
      reconcileCart({ ...EMPTY_CART, discountCode: 'SUMMER10' }, { maxQuantities: {}, donation }).discountCode,
    ).toBe('SUMMER10');
    expect(
      reconcileCart({ ...EMPTY_CART, discountCode: '<script>' }, { maxQuantities: {}, donation }).discountCode,
    ).toBe('');
    // The shared syntax: 3 to 32 of letters, digits, "-" and "_", the bounds catalog creates codes with.
    const kept = (code: string) =>
      reconcileCart({ ...EMPTY_CART, discountCode: code }, { maxQuantities: {}, donation }).discountCode === code;
    expect([kept('ab'), kept('abc'), kept('x'.repeat(32)), kept('x'.repeat(33))]).toEqual([false, true, true, false]);
  });
});
