import { orderHref, ticketHref } from '../../src/lib/guest-access';
import { redactSecrets, reportPath } from '../../src/lib/report-path';

const KEY = 'the_orders_access_keys';

describe('secrets in addresses', () => {
  it('are redacted from paths and URLs: access keys, scan links, invitation links', () => {
    expect(redactSecrets(orderHref({ id: 'ord_1', accessKey: KEY }))).toBe('/order/ord_1?key=[redacted]');
    expect(redactSecrets(`https://tickets.example.com/nl${ticketHref({ id: 'tkt_1', accessKey: KEY })}`)).toBe(
      'https://tickets.example.com/nl/ticket/tkt_1?key=[redacted]',
    );
    expect(redactSecrets(`/order/ord_1?payment=failed&key=${KEY}#top`)).toBe(
      '/order/ord_1?payment=failed&key=[redacted]#top',
    );
    expect(redactSecrets(`/api/orders/ord_1/tickets?key=${KEY}&locale=nl`)).toBe(
      '/api/orders/ord_1/tickets?key=[redacted]&locale=nl',
    );
    expect(redactSecrets('/nl/scan/AbCdEf0123456789AbCdEf0123456789AbCdEf01234?x=1')).toBe('/nl/scan/[redacted]?x=1');
    expect(redactSecrets('/account/invitations/AbCdEf0123456789AbCdEf0123456789AbCdEf01234')).toBe(
      '/account/invitations/[redacted]',
    );
    expect(redactSecrets(`GET /ticket/tkt_1?key=${KEY} and /scan/abc`)).toBe(
      'GET /ticket/tkt_1?key=[redacted] and /scan/[redacted]',
    );
  });

  it('leave everything else as it was', () => {
    for (const text of [
      '/',
      '/s/shp_1?x=1',
      '/o/org_1/orders/ord_1',
      '/order/ord_1?monkey=1',
      'keyboard',
      '/scanner',
      'https://example.com/?keys=1',
    ])
      expect(redactSecrets(text)).toBe(text);
  });

  it('leave error reports without the query string, and without secrets in the path', () => {
    expect(reportPath(`/order/ord_1?key=${KEY}`)).toBe('/order/ord_1');
    expect(reportPath('/scan/abc?x=1')).toBe('/scan/[redacted]');
    expect(reportPath('')).toBe('/');
  });
});
