import { CANONICAL_QUERY_PARAMETERS, canonicalUrl } from '../../src/lib/canonical';

describe('canonicalUrl', () => {
  it('keeps only whitelisted parameters', () => {
    expect(canonicalUrl({ pathname: '/o/x/orders', search: '?status=paid&utm_source=mail&fbclid=1&page=2' })).toBe(
      '/o/x/orders?page=2&status=paid',
    );
    expect(canonicalUrl({ pathname: '/event/x', search: '?utm_campaign=a' })).toBe('/event/x');
  });

  it('sorts by name, then value, whatever the order in the URL', () => {
    const a = canonicalUrl({ pathname: '/s', search: 'q=b&page=3&q=a' });
    const b = canonicalUrl({ pathname: '/s', search: '?page=3&q=a&q=b' });
    expect(a).toBe('/s?page=3&q=a&q=b');
    expect(b).toBe(a);
  });

  it('lists a repeated pair once and drops empty values', () => {
    expect(canonicalUrl({ pathname: '/s', search: '?page=2&page=2&q=&status=%20' })).toBe('/s?page=2');
  });

  it('drops a trailing slash and repeated slashes but keeps the root', () => {
    expect(canonicalUrl({ pathname: '/sign-in/' })).toBe('/sign-in');
    expect(canonicalUrl({ pathname: '//o//x/' })).toBe('/o/x');
    expect(canonicalUrl({ pathname: '/' })).toBe('/');
    expect(canonicalUrl({ pathname: '' })).toBe('/');
  });

  it('keeps the locale prefix: every language is its own canonical page', () => {
    expect(canonicalUrl({ pathname: '/nl/event/x/', search: '?page=1' })).toBe('/nl/event/x?page=1');
    expect(canonicalUrl({ pathname: '/nl' })).toBe('/nl');
  });

  it('is absolute with an origin and encodes values', () => {
    expect(canonicalUrl({ pathname: '/s', search: '?q=rock%20%26%20roll', origin: 'https://kassa.example/' })).toBe(
      'https://kassa.example/s?q=rock+%26+roll',
    );
  });

  it('takes parsed parameters and another whitelist', () => {
    expect(
      canonicalUrl({
        pathname: '/x',
        search: new URLSearchParams([
          ['tab', 'b'],
          ['page', '1'],
        ]),
        whitelist: ['tab'],
      }),
    ).toBe('/x?tab=b');
  });

  it('has the configured whitelist', () => {
    expect(CANONICAL_QUERY_PARAMETERS).toEqual(['page', 'q', 'status', 'tab']);
  });
});
