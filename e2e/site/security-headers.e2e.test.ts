// Every answer of the BFF carries the security headers (bff/server/security-headers.ts): pages, API routes, static
// files and error pages alike, in both languages; the camera only where a scanner can run; HSTS only over https.
import { newAccessKey, newId } from '@kassa/platform/ids';
import { stackInfo } from '../support/stack-info';

const stack = stackInfo();

async function headersOf(path: string, extra: Record<string, string> = {}): Promise<{ status: number; headers: Headers }> {
  const response = await fetch(`${stack.bffUrl}${path}`, { redirect: 'manual', headers: extra });
  await response.arrayBuffer();
  return { status: response.status, headers: response.headers };
}

const withoutScanner = [
  { what: 'the landing page', path: '/' },
  { what: 'a Dutch page', path: '/nl/terms' },
  { what: 'an API answer', path: '/api/_auth/session' },
  { what: 'a public shop that does not exist (404)', path: `/s/${newId('shp')}` },
  { what: 'an order page', path: `/order/${newId('ord')}?key=${newAccessKey()}` },
  { what: 'a static file', path: '/icon.svg' },
];
const withScanner = [
  { what: 'the event scanner (signed out: sent to sign in)', path: `/o/${newId('org')}/events/${newId('evt')}/scan` },
  { what: 'a Dutch dashboard page', path: `/nl/o/${newId('org')}` },
  { what: 'a door staff scan link', path: '/scan/0000000000000000000000000000000000000000000' },
];

describe('security headers', () => {
  it.each(withoutScanner)('$what: nosniff, referrer policy, no framing, no camera', async ({ path }) => {
    const { headers } = await headersOf(path);
    expect({
      nosniff: headers.get('x-content-type-options'),
      referrer: headers.get('referrer-policy'),
      framing: [headers.get('content-security-policy'), headers.get('x-frame-options')],
      camera: headers.get('permissions-policy')?.split(', ').find((rule) => rule.startsWith('camera=')),
      hsts: headers.get('strict-transport-security'),
    }).toEqual({
      nosniff: 'nosniff',
      referrer: 'strict-origin-when-cross-origin',
      framing: ["frame-ancestors 'none'", 'DENY'],
      camera: 'camera=()',
      hsts: null,
    });
  });

  it.each(withScanner)('$what: the camera for this origin, and the other headers', async ({ path }) => {
    const { headers } = await headersOf(path);
    expect(headers.get('permissions-policy')?.split(', ')).toEqual(expect.arrayContaining(['camera=(self)', 'microphone=()']));
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });

  it('sends HSTS when the visitor came over https (the ingress says so), and only then', async () => {
    expect((await headersOf('/', { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect((await headersOf('/api/_auth/session', { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect((await headersOf('/', { 'x-forwarded-proto': 'http' })).headers.get('strict-transport-security')).toBeNull();
  });
});
