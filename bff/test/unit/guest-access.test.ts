// The guest's capability links as the browser makes them (web/src/lib/guest-access.ts) and as the BFF reads them
// back (server/orders/guest-access.ts): one parameter name, keys survive the round trip, and nothing that is not a key
// gets through to a service.
import { newAccessKey } from '@kassa/platform/ids';
import { orderApiPath, orderHref, ticketHref, withAccessKey } from '@kassa/web/lib/guest-access';
import { accessKeyOf, guestReadLimit, isGuestCapabilityPage } from '../../server/orders/guest-access';
import { logger } from '../../server/logger';

const ORDER = 'ord_01jd8k6m2q3r4s5t6v7w8x9y0z';
const TICKET = 'tkt_01jd8k6m2q3r4s5t6v7w8x9y0z';
const query = (href: string) => new URL(href, 'http://localhost').searchParams;

describe('guest capability links', () => {
  it('carry the key the BFF reads back, on pages and on the API', () => {
    for (let round = 0; round < 200; round++) {
      const key = newAccessKey();
      expect(accessKeyOf(query(orderHref({ id: ORDER, accessKey: key })))).toBe(key);
      expect(accessKeyOf(query(ticketHref({ id: TICKET, accessKey: key })))).toBe(key);
      expect(accessKeyOf(query(`${orderApiPath({ id: ORDER, accessKey: key }, '/tickets')}&locale=nl`))).toBe(key);
    }
    expect(orderApiPath({ id: ORDER, accessKey: 'the_orders_access_keys' }, '/payments')).toBe(
      `/api/orders/${ORDER}/payments?key=the_orders_access_keys`,
    );
    expect(withAccessKey('/order/ord_1?payment=failed', 'the_orders_access_keys')).toBe(
      '/order/ord_1?payment=failed&key=the_orders_access_keys',
    );
  });

  it('read as no key whatever is missing, repeated oddly or not a key', () => {
    expect(accessKeyOf(new URLSearchParams(''))).toBe('');
    for (const value of [
      '',
      'short',
      'the_orders_access_keysx',
      'the_orders_access_key!',
      'the orders_access_keys',
      'the_orders_access_key\u0000',
    ]) {
      expect(accessKeyOf(new URLSearchParams({ key: value }))).toBe('');
    }
    expect(accessKeyOf({ key: ['the_orders_access_keys', 'the_orders_access_keys'] })).toBe('');
    expect(accessKeyOf({ key: 'the_orders_access_keys' })).toBe('the_orders_access_keys');
  });

  it('limit the pages that open with a key, and only those', () => {
    for (const path of [`/order/${ORDER}`, `/ticket/${TICKET}`, '/payments/demo/pay_1', `/order/${ORDER}/`])
      expect(isGuestCapabilityPage(path)).toBe(true);
    for (const path of ['/', '/orders/x', '/s/shp_1', `/o/org_1/orders/${ORDER}`, `/ticket/${TICKET}/x`, '/scan/abc'])
      expect(isGuestCapabilityPage(path)).toBe(false);
  });

  it('allow a crowd behind one address, and a load test to raise it', () => {
    expect(guestReadLimit({})).toEqual({ limit: 600, windowSeconds: 60 });
    expect(guestReadLimit({ KASSA_GUEST_READ_RATE_LIMIT: '100000' }).limit).toBe(100_000);
    expect(guestReadLimit({ KASSA_GUEST_READ_RATE_LIMIT: 'lots' }).limit).toBe(600);
  });
});

describe('analytics events', () => {
  it('leave with the secrets of every address they carry redacted, person properties included', async () => {
    const { redactCapture } = await import('../../components/site-runtime/analytics');
    const key = 'the_orders_access_keys';
    const event = {
      uuid: 'u1',
      event: '$exception',
      properties: {
        $current_url: `https://tickets.example.com/order/${ORDER}?key=${key}`,
        $referrer: 'https://tickets.example.com/scan/AbCdEf',
        $pathname: `/order/${ORDER}`,
        count: 2,
      },
      $set_once: { $initial_current_url: `https://tickets.example.com/ticket/${TICKET}?key=${key}` },
    };
    const sent = redactCapture(event as never)!;
    expect(JSON.stringify(sent)).not.toContain(key);
    expect(sent.properties).toEqual({
      $current_url: `https://tickets.example.com/order/${ORDER}?key=[redacted]`,
      $referrer: 'https://tickets.example.com/scan/[redacted]',
      $pathname: `/order/${ORDER}`,
      count: 2,
    });
    expect(redactCapture(null)).toBeNull();
  });
});

describe('the guest read limit', () => {
  it('lets a read through when the limiter cannot be reached (the keys protect; the limit only slows scrapers)', async () => {
    jest.resetModules();
    const failing = jest.fn().mockRejectedValue(new Error('Connection is closed.'));
    jest.doMock('../../server/rate-limit', () => ({ hitBffRateLimit: failing }));
    const quiet = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const { hitGuestRead, requireGuestReadAllowed } = await import('../../server/orders/guest-access');
    const request = { url: 'http://localhost/order/x', headers: new Headers() };
    await expect(hitGuestRead(request, { trustProxy: false })).resolves.toEqual({
      allowed: true,
      retryAfterSeconds: 0,
    });
    await expect(requireGuestReadAllowed(request, { trustProxy: false })).resolves.toBeUndefined();
    expect(failing).toHaveBeenCalledWith('guest-read:127.0.0.1', { limit: 600, windowSeconds: 60 });
    quiet.mockRestore();
    jest.dontMock('../../server/rate-limit');
  });
});
