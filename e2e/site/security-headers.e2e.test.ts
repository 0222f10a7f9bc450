// Every answer of the BFF carries the security headers (bff/server/site/security-headers.ts): pages, API routes, static
// files and error pages alike, in both languages; the camera only where a scanner can run; HSTS only over https.
// The script policy: a page rendered for the request names its scripts by a fresh nonce, a prerendered page by the
// hashes of its inline scripts, anything else allows nothing (scripts/verify/sections/abuse-script-injection runs them in Chromium).
import { newAccessKey, newId } from '@kassa/platform/ids';
import { NON_PAGE_POLICY, scriptHash } from '../../bff/server/site/content-security-policy';
import { stackInfo } from '@kassa/testing/stack-info';

const stack = stackInfo();

async function headersOf(
  path: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; headers: Headers }> {
  const response = await fetch(`${stack.bffUrl}${path}`, { redirect: 'manual', headers: extra });
  await response.arrayBuffer();
  return { status: response.status, headers: response.headers };
}

/** How a page's policy names its inline scripts: 'nonce', 'hashes', or 'none' for an answer that runs nothing. */
type Scripts = 'nonce' | 'hashes' | 'none';

function scriptsOf(policy: string | null): Scripts | 'unsafe' {
  if (policy === NON_PAGE_POLICY) return 'none';
  const sources = /(?:^|;\s*)script-src ([^;]+)/.exec(policy ?? '')?.[1]?.split(' ') ?? [];
  if (
    sources.length === 0 ||
    sources.some((source) => source === "'unsafe-inline'" || source === "'unsafe-eval'" || source === '*')
  )
    return 'unsafe';
  const nonces = sources.filter((source) => source.startsWith("'nonce-")).length;
  return nonces === 1
    ? 'nonce'
    : nonces === 0 && sources.some((source) => source.startsWith("'sha256-"))
      ? 'hashes'
      : 'unsafe';
}

const withoutScanner: { what: string; path: string; scripts: Scripts }[] = [
  { what: 'the landing page (prerendered)', path: '/', scripts: 'hashes' },
  { what: 'a Dutch page (prerendered)', path: '/nl/terms', scripts: 'hashes' },
  { what: 'the sign-in page', path: '/sign-in', scripts: 'nonce' },
  { what: 'an API answer', path: '/api/_auth/session', scripts: 'none' },
  { what: 'a public shop that does not exist (404)', path: `/s/${newId('shp')}`, scripts: 'nonce' },
  { what: 'an order page', path: `/order/${newId('ord')}?key=${newAccessKey()}`, scripts: 'nonce' },
  { what: 'a path no page claims (404)', path: '/no-such-page', scripts: 'nonce' },
  { what: 'a static file', path: '/icon.svg', scripts: 'none' },
];
const withScanner = [
  { what: 'the event scanner (signed out: sent to sign in)', path: `/o/${newId('org')}/events/${newId('evt')}/scan` },
  { what: 'a Dutch dashboard page', path: `/nl/o/${newId('org')}` },
  { what: 'a door staff scan link', path: '/scan/0000000000000000000000000000000000000000000' },
];

describe('security headers', () => {
  it.each(withoutScanner)(
    '$what: nosniff, referrer policy, no framing, no camera, its scripts by $scripts',
    async ({ path, scripts }) => {
      const { headers } = await headersOf(path);
      const policy = headers.get('content-security-policy');
      expect({
        nosniff: headers.get('x-content-type-options'),
        referrer: headers.get('referrer-policy'),
        framing: [policy?.includes("frame-ancestors 'none'"), headers.get('x-frame-options')],
        scripts: scriptsOf(policy),
        webAssembly: policy?.includes("'wasm-unsafe-eval'"),
        camera: headers
          .get('permissions-policy')
          ?.split(', ')
          .find((rule) => rule.startsWith('camera=')),
        hsts: headers.get('strict-transport-security'),
      }).toEqual({
        nosniff: 'nosniff',
        referrer: 'strict-origin-when-cross-origin',
        framing: [true, 'DENY'],
        scripts,
        webAssembly: false,
        camera: 'camera=()',
        hsts: null,
      });
    },
  );

  it.each(withScanner)('$what: the camera and WebAssembly for this origin, and the other headers', async ({ path }) => {
    const { status, headers } = await headersOf(path);
    expect(headers.get('permissions-policy')?.split(', ')).toEqual(
      expect.arrayContaining(['camera=(self)', 'microphone=()']),
    );
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    const policy = headers.get('content-security-policy');
    expect(policy).toContain("frame-ancestors 'none'");
    if (status >= 300 && status < 400) {
      // Sent to sign in before any page renders: a redirect runs nothing.
      expect(scriptsOf(policy)).toBe('none');
    } else {
      expect(scriptsOf(policy)).toBe('nonce');
      expect(policy).toContain("'wasm-unsafe-eval'");
    }
  });

  it('gives every rendered page a nonce of its own; each inline script of a page carries the nonce or is named by hash', async () => {
    const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];
    for (const path of ['/sign-in', '/', `/order/${newId('ord')}?key=${newAccessKey()}`]) {
      const first = await fetch(`${stack.bffUrl}${path}`);
      const html = await first.text();
      const policy = first.headers.get('content-security-policy') ?? '';
      const nonce = nonceOf(policy);
      if (path !== '/') {
        expect(nonce).toBeDefined();
        expect(nonceOf((await headersOf(path)).headers.get('content-security-policy'))).not.toBe(nonce);
      }
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/\bsrc=/.test(attributes ?? ''),
      );
      expect(inline.length).toBeGreaterThan(0);
      const unnamed = inline.filter(
        ([, attributes, text]) =>
          !(nonce && attributes?.includes(`nonce="${nonce}"`)) && !policy.includes(scriptHash(text ?? '')),
      );
      expect(unnamed.map(([, , text]) => `${path}: ${text?.slice(0, 60)}`)).toEqual([]);
    }
  });

  it('leaves the social sign-in popup its own policy and no referrer (its address holds the provider’s code)', async () => {
    const { headers } = await headersOf('/api/_auth/social/callback?state=x&code=y');
    expect(headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; script-src 'nonce-[^']+';.*frame-ancestors 'none'$/,
    );
    expect(headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('sends HSTS when the visitor came over https (the ingress says so), and only then', async () => {
    expect((await headersOf('/', { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
    expect(
      (await headersOf('/api/_auth/session', { 'x-forwarded-proto': 'https' })).headers.get(
        'strict-transport-security',
      ),
    ).toBe('max-age=63072000; includeSubDomains');
    expect((await headersOf('/', { 'x-forwarded-proto': 'http' })).headers.get('strict-transport-security')).toBeNull();
  });
});
