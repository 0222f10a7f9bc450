import { DISCOUNT_CODE_MAX_LENGTH } from '@kassa/contracts/discount-code';
import { messages } from '@kassa/platform/errors';
import { checkBody } from '../../server/auth/auth-validation';
import {
  shopCacheKey,
  shopExpiry,
  toAvailabilityView,
  toPriceQuoteView,
  toPublicShopView,
} from '../../server/shops/public-shop';
import { priceCartBody, shopAccessBody } from '../../server/shops/public-shop-requests';
import { publicShopCacheControl, readShopAccessToken, shopAccessCookie } from '../../server/shops/shop-access';

const SHOP = 'shp_01jc5v3q8x0000000000000000';
const ITEM = 'itm_01jc5v3q8x0000000000000001';
const TOKEN = 'a'.repeat(43);
const cookies = (values: Record<string, string>) => ({
  get: (name: string) => (name in values ? { value: values[name]! } : undefined),
});

describe('the public shop page data', () => {
  it('keeps a guest view a few seconds, never past opening or closing', () => {
    const now = Date.parse('2027-06-01T10:00:00.000Z');
    const shop = { opensAt: '2027-06-01T10:00:02.000Z', closesAt: '2027-06-01T12:00:00.000Z' };
    expect(shopExpiry(shop, now)).toBe(Date.parse(shop.opensAt));
    expect(shopExpiry({ ...shop, opensAt: '2027-05-01T00:00:00.000Z' }, now)).toBe(now + 5_000);
    expect(shopExpiry({ opensAt: '2027-05-01T00:00:00.000Z', closesAt: '2027-06-01T10:00:01.000Z' }, now)).toBe(
      now + 1_000,
    );
  });

  it('never shares a cached view between access tokens, and keeps no token in the key', () => {
    const anonymous = shopCacheKey(SHOP, 'en', '');
    const withToken = shopCacheKey(SHOP, 'en', TOKEN);
    expect(withToken).not.toBe(anonymous);
    expect(withToken).not.toBe(shopCacheKey(SHOP, 'en', 'b'.repeat(43)));
    expect(withToken).not.toBe(shopCacheKey(SHOP, 'nl', TOKEN));
    expect(withToken).not.toContain(TOKEN);
  });

  it("maps catalog's and ordering's answers to the screens' shapes", () => {
    const view = toPublicShopView({
      id: SHOP,
      name: 'Shop',
      description: '',
      opensAt: new Date('2027-06-01T10:00:00Z'),
      closesAt: new Date('2027-06-02T10:00:00Z'),
      window: 'open',
      currency: 'EUR',
      passwordRequired: false,
      donation: undefined,
      events: [],
      organisationId: 'org_x',
      items: [
        {
          id: ITEM,
          name: 'Pass',
          description: '',
          priceMinor: 1000,
          eventIds: ['evt_a', 'evt_b'],
          saleStart: undefined,
          saleEnd: undefined,
          maxPerOrder: undefined,
        },
      ],
    });
    expect(view.donation).toEqual({ enabled: false, suggestedAmountsMinor: [], allowCustomAmount: false });
    expect(view.items[0]).toMatchObject({ maxPerOrder: null, saleStart: '', eventIds: ['evt_a', 'evt_b'] });

    const availability = toAvailabilityView({
      shopId: SHOP,
      window: 'open',
      computedAt: new Date(),
      items: [
        { itemId: 'itm_1', status: 'available', maxQuantity: 5, remaining: 5 },
        { itemId: 'itm_2', status: 'sold out', maxQuantity: 0, remaining: undefined },
        { itemId: 'itm_3', status: 'something new', maxQuantity: 3, remaining: undefined },
      ],
    });
    expect(availability).toEqual({
      itm_1: { status: 'available', maxQuantity: 5, remaining: 5 },
      itm_2: { status: 'sold out', maxQuantity: 0, remaining: null },
      itm_3: { status: 'closed', maxQuantity: 0, remaining: null },
    });

    const quote = toPriceQuoteView({
      currency: 'EUR',
      lines: [],
      subtotalMinor: 1,
      discountMinor: 0,
      donationMinor: 0,
      feeMinor: 0,
      totalMinor: 1,
      discountStatus: 'expired',
      discountCode: '',
    });
    expect(quote.discountStatus).toBe('expired');
  });
});

describe("the public shop endpoints' bodies", () => {
  it('asks for at least one line, whole quantities of at least 1 and item ids', () => {
    expect(checkBody(priceCartBody, {})).toEqual({ ok: false, fields: { lines: messages.checkoutNeedsItem } });
    expect(checkBody(priceCartBody, { lines: [] })).toEqual({
      ok: false,
      fields: { lines: messages.checkoutNeedsItem },
    });
    const bad = priceCartBody.safeParse({ lines: [{ itemId: 'evt_nope', quantity: 0 }] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['lines.0.itemId', messages.idInvalid],
      ['lines.0.quantity', messages.minValue(1)],
    ]);
    expect(
      checkBody(priceCartBody, {
        lines: [
          { itemId: ITEM, quantity: 2 },
          { itemId: ITEM, quantity: 1 },
        ],
      }).ok,
    ).toBe(false);
  });

  it('fills in no code and no donation, trimming the code', () => {
    expect(checkBody(priceCartBody, { lines: [{ itemId: ITEM, quantity: 2 }], discountCode: ' summer10 ' })).toEqual({
      ok: true,
      data: { lines: [{ itemId: ITEM, quantity: 2 }], discountCode: 'summer10', donationMinor: 0 },
    });
    expect(checkBody(priceCartBody, { lines: [{ itemId: ITEM, quantity: 1 }], donationMinor: -1 })).toEqual({
      ok: false,
      fields: { donationMinor: messages.minValue(0) },
    });
  });

  it('refuses a code longer than any code in the words of an unknown one, and leaves shorter non-codes to ordering', () => {
    const lines = [{ itemId: ITEM, quantity: 1 }];
    expect(
      checkBody(priceCartBody, { lines, discountCode: ` ${'X'.repeat(DISCOUNT_CODE_MAX_LENGTH)} ` }),
    ).toMatchObject({ ok: true, data: { discountCode: 'X'.repeat(DISCOUNT_CODE_MAX_LENGTH) } });
    expect(checkBody(priceCartBody, { lines, discountCode: 'X'.repeat(DISCOUNT_CODE_MAX_LENGTH + 1) })).toEqual({
      ok: false,
      fields: { discountCode: 'Discount code is invalid' },
    });
    // ordering answers these "unknown" without looking them up, as it answers a code the shop does not have.
    expect(checkBody(priceCartBody, { lines, discountCode: 'ab' })).toMatchObject({
      ok: true,
      data: { discountCode: 'ab' },
    });
  });

  it('needs a password', () => {
    expect(checkBody(shopAccessBody, {})).toEqual({ ok: false, fields: { password: 'Password is required' } });
    expect(checkBody(shopAccessBody, { password: '' })).toEqual({
      ok: false,
      fields: { password: 'Password is required' },
    });
    expect(checkBody(shopAccessBody, { password: 'x'.repeat(101) })).toEqual({
      ok: false,
      fields: { password: 'Password is too long' },
    });
  });
});

describe('the shop access cookie', () => {
  it('is HttpOnly and Lax, Secure with __Host- over https, one per shop', () => {
    expect(shopAccessCookie(SHOP, TOKEN, true)).toEqual({
      name: `__Host-kassa_shop_${SHOP}`,
      value: TOKEN,
      options: { httpOnly: true, secure: true, sameSite: 'lax', path: '/', maxAge: 30 * 24 * 60 * 60 },
    });
    expect(shopAccessCookie(SHOP, TOKEN, false).name).toBe(`kassa_shop_${SHOP}`);
  });

  it('is read under either name, and only when it looks like a token', () => {
    expect(readShopAccessToken(cookies({ [`kassa_shop_${SHOP}`]: TOKEN }), SHOP)).toBe(TOKEN);
    expect(readShopAccessToken(cookies({ [`__Host-kassa_shop_${SHOP}`]: TOKEN }), SHOP)).toBe(TOKEN);
    expect(readShopAccessToken(cookies({ [`kassa_shop_${SHOP}`]: 'short' }), SHOP)).toBe('');
    expect(readShopAccessToken(cookies({ kassa_shop_shp_other: TOKEN }), SHOP)).toBe('');
  });

  it('makes the shop page private for its holder and briefly shareable for everyone else', () => {
    expect(publicShopCacheControl(`/s/${SHOP}`, cookies({}))).toBe('public, max-age=0, s-maxage=1');
    expect(publicShopCacheControl(`/s/${SHOP}`, cookies({ [`kassa_shop_${SHOP}`]: TOKEN }))).toBe('private, no-store');
    expect(publicShopCacheControl(`/s/${SHOP}/dashboard`, cookies({}))).toBeUndefined();
    expect(publicShopCacheControl('/event/evt_x', cookies({}))).toBeUndefined();
  });
});
