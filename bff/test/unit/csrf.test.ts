import { checkCsrf, isStateChanging } from '../../server/csrf';
import { appOrigin, clientIp, isSecureRequest } from '../../server/request-context';

const local = { trustProxy: false, publicOrigin: undefined };

function request(method: string, headers: Record<string, string>, url = 'http://localhost:3000/api/_auth/verify') {
  return { method, url, headers: new Headers({ host: new URL(url).host, ...headers }) };
}

describe('checkCsrf', () => {
  it('lets reads through without any Origin', () => {
    expect(checkCsrf(request('GET', {}), local)).toEqual({ allowed: true });
    expect(checkCsrf(request('HEAD', { 'sec-fetch-site': 'cross-site' }), local)).toEqual({ allowed: true });
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('accepts a same-origin %s', (method) => {
    expect(
      checkCsrf(request(method, { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }), local),
    ).toEqual({ allowed: true });
  });

  it('refuses a cross-site request even when Origin looks right', () => {
    expect(
      checkCsrf(request('POST', { origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site' }), local),
    ).toEqual({
      allowed: false,
      reason: 'cross-site request',
    });
  });

  it('refuses a missing, opaque or foreign Origin', () => {
    expect(checkCsrf(request('POST', {}), local)).toMatchObject({ allowed: false, reason: 'missing Origin' });
    expect(checkCsrf(request('DELETE', { origin: 'null' }), local)).toMatchObject({
      allowed: false,
      reason: 'opaque Origin',
    });
    expect(checkCsrf(request('POST', { origin: 'http://evil.example' }), local)).toMatchObject({
      allowed: false,
      reason: 'foreign Origin',
    });
    // Same host, other scheme or port: another origin.
    expect(checkCsrf(request('POST', { origin: 'https://localhost:3000' }), local)).toMatchObject({ allowed: false });
    expect(checkCsrf(request('POST', { origin: 'http://localhost:3001' }), local)).toMatchObject({ allowed: false });
  });

  it('compares with the forwarded origin only behind a trusted proxy', () => {
    const behindIngress = request(
      'POST',
      {
        origin: 'https://kassa.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'kassa.example',
      },
      'http://10.0.0.5:3000/api/_auth/verify',
    );
    expect(checkCsrf(behindIngress, { trustProxy: true, publicOrigin: undefined })).toEqual({ allowed: true });
    expect(checkCsrf(behindIngress, local)).toMatchObject({ allowed: false, reason: 'foreign Origin' });
  });

  it('uses the configured public origin when there is one', () => {
    const config = { trustProxy: false, publicOrigin: 'https://kassa.example' };
    expect(checkCsrf(request('POST', { origin: 'https://kassa.example' }), config)).toEqual({ allowed: true });
    expect(checkCsrf(request('POST', { origin: 'http://localhost:3000' }), config)).toMatchObject({ allowed: false });
  });

  it('knows which methods change state', () => {
    expect(['GET', 'HEAD', 'OPTIONS'].map(isStateChanging)).toEqual([false, false, false]);
    expect(['POST', 'put', 'PATCH', 'DELETE'].map(isStateChanging)).toEqual([true, true, true, true]);
  });
});

describe('request context', () => {
  it('believes X-Forwarded-Proto and -For only with TRUST_PROXY', () => {
    const forwarded = request('GET', {
      'x-forwarded-proto': 'https, http',
      'x-forwarded-for': '203.0.113.7, 10.0.0.1',
    });
    expect(isSecureRequest(forwarded, { trustProxy: true })).toBe(true);
    expect(isSecureRequest(forwarded, { trustProxy: false })).toBe(false);
    expect(clientIp(forwarded, { trustProxy: true })).toBe('203.0.113.7');
    expect(clientIp(forwarded, { trustProxy: false })).toBe('127.0.0.1');
  });

  it('sees https in the request URL', () => {
    const secure = request('GET', {}, 'https://kassa.example/api/_auth/session');
    expect(isSecureRequest(secure, { trustProxy: false })).toBe(true);
    expect(appOrigin(secure, local)).toBe('https://kassa.example');
  });
});
