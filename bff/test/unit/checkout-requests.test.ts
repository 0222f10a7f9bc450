import { newId } from '@kassa/platform/ids';
import {
  checkoutLimit,
  checkoutLimitKey,
  checkoutPaymentKey,
  readBodyBytes,
  renameLineFields,
} from '../../server/shops/checkout-requests';
import { localizedPath, orderPagePath, providerRedirect } from '../../server/orders/guest-order';
import { toGuestOrderView } from '../../server/orders/order-views';

const SHOP = newId('shp');
const ORIGIN = 'https://tickets.example';

describe('checkout request helpers', () => {
  it('limits per IP and shop, generously, raised by KASSA_CHECKOUT_RATE_LIMIT for load tests', () => {
    expect(checkoutLimitKey(SHOP, '203.0.113.7')).toBe(`checkout:${SHOP}:203.0.113.7`);
    expect(checkoutLimitKey('x'.repeat(500), '203.0.113.7')).toBe('checkout:-:203.0.113.7');
    expect(checkoutLimit({})).toEqual({ limit: 600, windowSeconds: 60 });
    expect(checkoutLimit({ KASSA_CHECKOUT_RATE_LIMIT: '100000' })).toEqual({ limit: 100_000, windowSeconds: 60 });
    expect(checkoutLimit({ KASSA_CHECKOUT_RATE_LIMIT: 'lots' }).limit).toBe(600);
  });

  it('derives one payment key per checkout key and shop, in the shape payments accepts', () => {
    const key = checkoutPaymentKey(SHOP, 'abcdefgh12345678');
    expect(key).toMatch(/^co_[A-Za-z0-9_-]{43}$/);
    expect(checkoutPaymentKey(SHOP, 'abcdefgh12345678')).toBe(key);
    expect(checkoutPaymentKey(newId('shp'), 'abcdefgh12345678')).not.toBe(key);
    expect(checkoutPaymentKey(SHOP, 'x'.repeat(100)).length).toBeLessThanOrEqual(100);
  });

  it("renames ordering's line fields to the browser's, in either notation", () => {
    expect(
      renameLineFields({ lines: 'a', 'lines.0.quantity': 'b', 'lines[1].item_id': 'c', linesTotal: 'd', email: 'e' }),
    ).toEqual({
      items: 'a',
      'items.0.quantity': 'b',
      'items[1].item_id': 'c',
      linesTotal: 'd',
      email: 'e',
    });
    expect(renameLineFields(undefined)).toBeUndefined();
  });

  it('reads a body up to its limit and no further', async () => {
    const body = (text: string) => new Request('http://localhost/', { method: 'POST', body: text });
    expect((await readBodyBytes(body('12345'), 5)).toString()).toBe('12345');
    await expect(readBodyBytes(body('123456'), 5)).rejects.toMatchObject({ status: 413 });
    expect((await readBodyBytes(new Request('http://localhost/', { method: 'POST' }), 5)).length).toBe(0);
  });
});

describe('guest order helpers', () => {
  it("keeps the guest's language in the paths it sends them to", () => {
    expect(localizedPath('/s/shp_1', 'en')).toBe('/s/shp_1');
    expect(localizedPath('/s/shp_1', 'nl')).toBe('/nl/s/shp_1');
    expect(localizedPath('/s/shp_1', 'xx')).toBe('/s/shp_1');
    const key = 'the_orders_access_keys';
    expect(orderPagePath({ id: 'ord_1', accessKey: key }, 'nl', 'failed')).toBe(
      `/nl/order/ord_1?key=${key}&payment=failed`,
    );
    expect(orderPagePath({ id: 'ord_1', accessKey: key }, 'en')).toBe(`/order/ord_1?key=${key}`);
  });

  it("opens our own demo page in the guest's language and leaves a provider's page alone", () => {
    expect(providerRedirect(`${ORIGIN}/payments/demo/pay_1`, ORIGIN, 'nl')).toBe(`${ORIGIN}/nl/payments/demo/pay_1`);
    expect(providerRedirect(`${ORIGIN}/payments/demo/pay_1`, ORIGIN, 'en')).toBe(`${ORIGIN}/payments/demo/pay_1`);
    expect(providerRedirect('https://checkout.stripe.com/c/pay/cs_1', ORIGIN, 'nl')).toBe(
      'https://checkout.stripe.com/c/pay/cs_1',
    );
    expect(providerRedirect('https://evil.example/payments/demo/pay_1', ORIGIN, 'nl')).toBe(
      'https://evil.example/payments/demo/pay_1',
    );
  });

  it('maps an order without money or dates to zeros and empty strings', () => {
    const view = toGuestOrderView({
      id: 'ord_1',
      number: 'N',
      shopId: SHOP,
      status: 'reserved',
      lines: [],
      money: undefined,
      email: 'a@b.c',
      discountCode: '',
      expiresAt: undefined,
      paidAt: undefined,
      createdAt: undefined,
      payable: true,
      renewable: false,
      outcome: '',
      locale: 'en',
      accessKey: 'the_orders_access_keys',
    });
    expect(view).toMatchObject({ currency: 'EUR', totalMinor: 0, expiresAt: '', paidAt: '', createdAt: '' });
    expect(() => toGuestOrderView(undefined)).toThrow();
  });
});
