import { requestMetadata, siteMetadata, staticCanonical } from '../../server/site/page-metadata';
import { describeClientError } from '../../components/site-runtime/report-client-error';
import { describeRequestError } from '../../server/request-error-report';

const headersFor = (path: string, search = '', host = 'localhost:3000') =>
  new Headers({ host, 'x-kassa-request-path': path, 'x-kassa-request-search': search });

describe('requestMetadata', () => {
  const base = { locale: 'en', productTitle: 'Kassa' };

  it('builds an absolute canonical link from the path and the whitelisted query', () => {
    const metadata = requestMetadata({
      ...base,
      requestHeaders: headersFor('/nl/o/x/orders/', '?utm_source=a&status=paid&page=2'),
    });
    expect(metadata.alternates?.canonical).toBe('http://localhost:3000/nl/o/x/orders?page=2&status=paid');
  });

  it('titles a route without its own title after its last segment, and the root after the product', () => {
    expect(requestMetadata({ ...base, requestHeaders: headersFor('/nl/terms') }).title).toEqual({
      default: 'Terms · Kassa',
      template: '%s · Kassa',
    });
    expect(requestMetadata({ ...base, requestHeaders: headersFor('/nl') }).title).toMatchObject({ default: 'Kassa' });
    expect(requestMetadata({ ...base, requestHeaders: headersFor('/') }).title).toMatchObject({ default: 'Kassa' });
  });

  it("falls back to the locale root without the proxy's headers", () => {
    const metadata = requestMetadata({ ...base, locale: 'nl', requestHeaders: new Headers({ host: 'kassa.test' }) });
    expect(metadata.alternates?.canonical).toBe('http://kassa.test/nl');
  });
});

describe('siteMetadata and staticCanonical', () => {
  it('share the title template and give prerendered pages their localized path as canonical link', () => {
    expect(siteMetadata({ productTitle: 'Kassa', description: 'Tickets' }).title).toEqual({
      default: 'Kassa',
      template: '%s · Kassa',
    });
    expect(staticCanonical('en', '/terms')).toEqual({ canonical: '/terms' });
    expect(staticCanonical('nl', '/terms')).toEqual({ canonical: '/nl/terms' });
    expect(staticCanonical('nl', '/')).toEqual({ canonical: '/nl' });
  });
});

describe('describeClientError', () => {
  it('marks crawler errors and keeps what helps', () => {
    const error = Object.assign(new Error('boom'), { digest: '123' });
    expect(describeClientError(error, 'page', '/x?y=1', 'Mozilla/5.0 (compatible; Googlebot/2.1)')).toEqual({
      event: 'client_error',
      boundary: 'page',
      path: '/x',
      crawler: true,
      name: 'Error',
      message: 'boom',
      digest: '123',
    });
    expect(describeClientError(error, 'page', `/nl/scan/${'a'.repeat(43)}/x?email=a@b.c`, '')).toMatchObject({
      path: '/nl/scan/[redacted]/x',
    });
    expect(describeClientError('text', 'global', '/', 'Mozilla/5.0 Chrome/130')).toMatchObject({
      crawler: false,
      message: undefined,
    });
  });
});

describe('describeRequestError', () => {
  it('marks crawlers and redacts the path', () => {
    const report = describeRequestError({
      error: Object.assign(new Error('identity is down'), { digest: '42' }),
      request: {
        path: `/scan/${'b'.repeat(43)}?x=1`,
        method: 'GET',
        headers: { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' },
      },
      context: { routePath: '/[locale]/scan/[hash]', routeType: 'render' },
    });
    expect(report).toEqual({
      event: 'request_error',
      method: 'GET',
      path: '/scan/[redacted]',
      route: '/[locale]/scan/[hash]',
      routeType: 'render',
      crawler: true,
      name: 'Error',
      message: 'identity is down',
      digest: '42',
    });
    expect(
      describeRequestError({
        error: 'x',
        request: { path: '/', method: 'GET', headers: {} },
        context: { routePath: '/', routeType: 'render' },
      }).crawler,
    ).toBe(false);
  });
});
