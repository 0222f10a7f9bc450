// The analytics ingest path is rewritten to PostHog's host with the request's headers: the proxy takes the visitor's
// cookies and credentials off first, so their session never reaches a third party.
import { NextRequest } from 'next/server';

process.env.NEXT_PUBLIC_POSTHOG_KEY = 'phc_test_only';
process.env.NEXT_PUBLIC_POSTHOG_INGEST_PATH = '/ingest';

/** The request headers Next sends on after the proxy (x-middleware-request-* overrides, as Next applies them). */
function forwardedHeaders(response: Response): Map<string, string> {
  const names = (response.headers.get('x-middleware-override-headers') ?? '').split(',').filter(Boolean);
  return new Map(names.map((name) => [name, response.headers.get(`x-middleware-request-${name}`) ?? '']));
}

describe('the analytics ingest rewrite', () => {
  it('forwards no cookie, no authorization and no referer, and keeps the other headers', async () => {
    const { proxy } = await import('../../proxy');
    const response = await proxy(
      new NextRequest('http://localhost:3000/ingest/e/?ip=1', {
        method: 'POST',
        headers: {
          cookie: 'kassa_session=secret-session; ph_x=1',
          authorization: 'Bearer secret',
          referer: 'http://localhost:3000/en/orders/ord_x?key=secret-order-key',
          'content-type': 'application/json',
          'user-agent': 'test',
        },
      }),
    );
    const forwarded = forwardedHeaders(response);
    expect(forwarded.size).toBeGreaterThan(0);
    expect(forwarded.has('cookie')).toBe(false);
    expect(forwarded.has('authorization')).toBe(false);
    expect(forwarded.has('referer')).toBe(false);
    expect(forwarded.get('content-type')).toBe('application/json');
    expect(JSON.stringify([...response.headers])).not.toContain('secret-session');
    expect(JSON.stringify([...response.headers])).not.toContain('secret-order-key');
  });

  it('still forwards the cookies of every other request (the control)', async () => {
    const { proxy } = await import('../../proxy');
    const response = await proxy(
      new NextRequest('http://localhost:3000/api/_auth/session', {
        headers: { cookie: 'kassa_session=secret-session' },
      }),
    );
    expect(forwardedHeaders(response).get('cookie')).toBe('kassa_session=secret-session');
  });
});
