// The page policy: which inline scripts it names, and the build's prerendered pages read into their hashes.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlineScriptHashes, newNonce, pagePolicy, scriptHash } from '../../server/site/content-security-policy';
import { readStaticPagePolicies } from '../../server/site/static-page-policies';

const scriptSources = (policy: string): string[] => /script-src ([^;]+)/.exec(policy)![1]!.split(' ');

describe('the page policy', () => {
  it('names the nonce and the hashes it is given, and never unsafe-inline', () => {
    const policy = pagePolicy({
      nonce: 'abc',
      scriptHashes: ["'sha256-x'", "'sha256-x'"],
      scanner: false,
      development: false,
      https: false,
    });
    expect(scriptSources(policy)).toEqual(["'self'", "'nonce-abc'", "'sha256-x'"]);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('lets WebAssembly compile only where a scanner runs, eval only under next dev, and upgrades requests over https', () => {
    const plain = pagePolicy({ nonce: 'n', scriptHashes: [], scanner: false, development: false, https: false });
    expect(plain).not.toContain('wasm-unsafe-eval');
    expect(plain).not.toContain("'unsafe-eval'");
    expect(
      scriptSources(pagePolicy({ nonce: 'n', scriptHashes: [], scanner: true, development: false, https: false })),
    ).toContain("'wasm-unsafe-eval'");
    expect(
      scriptSources(pagePolicy({ nonce: 'n', scriptHashes: [], scanner: false, development: true, https: false })),
    ).toContain("'unsafe-eval'");
    expect(pagePolicy({ nonce: 'n', scriptHashes: [], scanner: false, development: false, https: true })).toContain(
      'upgrade-insecure-requests',
    );
  });

  it('makes a new 128-bit nonce every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('hashes inline scripts as the browser does, and skips scripts with a src', () => {
    const html =
      '<script src="/_next/a.js" async=""></script><script>self.__next_f.push([1])</script><SCRIPT id="x">b()</SCRIPT><script></script>';
    expect(inlineScriptHashes(html)).toEqual([scriptHash('self.__next_f.push([1])'), scriptHash('b()')]);
    // The SHA-256 of "alert(1)" in base64, as CSP spells it.
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });
});

describe('the prerendered pages of a build', () => {
  function build(routes: Record<string, number | false>, files: Record<string, string>): string {
    const dist = mkdtempSync(join(tmpdir(), 'kassa-csp-'));
    writeFileSync(
      join(dist, 'prerender-manifest.json'),
      JSON.stringify({
        routes: Object.fromEntries(
          Object.entries(routes).map(([route, seconds]) => [route, { initialRevalidateSeconds: seconds }]),
        ),
      }),
    );
    for (const [route, html] of Object.entries(files)) {
      const file = join(dist, 'server', 'app', `${route}.html`);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, html);
    }
    return dist;
  }

  it('reads each static page’s inline scripts, shares the error page’s and those every page has, and leaves out pages rendered again', () => {
    const dist = build(
      { '/en/terms': false, '/en/privacy': false, '/_global-error': false, '/en/news': 60, '/icon.svg': false },
      {
        '/en/terms': '<script>theme()</script><script>terms()</script>',
        '/en/privacy': '<script>theme()</script><script>privacy()</script>',
        '/_global-error': '<script>oops()</script>',
        '/en/news': '<script>news()</script>',
      },
    );
    const policies = readStaticPagePolicies(dist);
    expect([...policies.pages]).toEqual([
      ['/en/terms', [scriptHash('theme()'), scriptHash('terms()')]],
      ['/en/privacy', [scriptHash('theme()'), scriptHash('privacy()')]],
    ]);
    expect(policies.shared).toEqual([scriptHash('oops()'), scriptHash('theme()')]);
  });

  it('has none without a build (next dev renders every page on request)', () => {
    const policies = readStaticPagePolicies(join(tmpdir(), 'no-such-build'));
    expect(policies.pages.size).toBe(0);
    expect(policies.shared).toEqual([]);
  });
});
