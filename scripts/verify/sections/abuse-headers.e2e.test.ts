// `npm run verify`'s abuse section, its security-header part: every page of the BFF (found from the code, each in
// English and Dutch, with ids nobody has) and every GET route handler answers with the security headers, whatever it
// answers (200, a redirect to sign in, 401 or 404), and with HSTS when the visitor came over https. Its policy must
// let no script run that it does not name by nonce or hash (abuse-script-injection proves that in a browser).
//
// The count can go wrong: the same judge, over the same paths, served by a plain HTTP server on loopback that sends
// no headers (the guard removed), finds every answer without them.
import { LOCALES } from '@kassa/contracts/locales';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newAccessKey, newId } from '@kassa/platform/ids';
import {
  HSTS,
  PERMISSIONS_WITH_CAMERA,
  PERMISSIONS_WITHOUT_CAMERA,
  SECURITY_HEADERS,
} from '../../../bff/server/site/security-headers';
import { mustBeZero, mustEqual, recordFigures } from '../figures';
import { concretePath } from '../abuse/csrf';
import { bffPages, bffRoutes } from '../surface';
import { stackInfo } from '@kassa/testing/stack-info';

const SECTION = 'abuse';
const stack = stackInfo();

/** A concrete path of a route as written: `[locale]` the given locale, every other segment an id or token nobody has. */
function concrete(path: string, locale: string): string {
  return concretePath(path, {
    locale,
    ticketId: newId('tkt'),
    hash: newAccessKey(),
    token: newAccessKey(),
    provider: 'nobody',
    '...rest': 'x',
  });
}

function paths(): string[] {
  const pages = bffPages().flatMap((page) => LOCALES.map((locale) => concrete(page, locale)));
  const routes = bffRoutes()
    .filter((route) => route.methods.includes('GET'))
    .map((route) => concrete(route.path, 'en'));
  // A guest's order page with a key of the right shape, so the capability check runs rather than the form check.
  return [...pages, ...routes, `/order/${newId('ord')}?key=${newAccessKey()}`, '/icon.svg', '/no-such-page'];
}

/**
 * A policy that lets no inline script run unless it names it (by nonce or hash), loads scripts from no other origin,
 * and forbids framing. Pages have their own policy (a nonce or hashes), other answers NON_PAGE_POLICY.
 */
function strictPolicy(policy: string | null): boolean {
  if (!policy) return false;
  const directives = new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
  const scripts = directives.get('script-src') ?? directives.get('default-src');
  const allowed = new Set(["'self'", "'none'", "'wasm-unsafe-eval'"]);
  return (
    directives.get('frame-ancestors')?.join(' ') === "'none'" &&
    scripts !== undefined &&
    scripts.every((source) => allowed.has(source) || /^'(nonce|sha256)-[A-Za-z0-9+/=]+'$/.test(source))
  );
}

/** What is missing from an answer's headers (nothing when it carries them all). */
function missingHeaders(headers: Headers, overHttps: boolean): string[] {
  const missing = Object.entries(SECURITY_HEADERS)
    .filter(([name, value]) => {
      const sent = headers.get(name);
      if (name === 'Permissions-Policy') return sent !== PERMISSIONS_WITHOUT_CAMERA && sent !== PERMISSIONS_WITH_CAMERA;
      if (name === 'Content-Security-Policy') return !strictPolicy(sent);
      // The social sign-in popup's page sends no referrer at all (its address holds the provider's code).
      if (name === 'Referrer-Policy') return sent !== value && sent !== 'no-referrer';
      return sent !== value;
    })
    .map(([name]) => name);
  if (overHttps && headers.get('strict-transport-security') !== HSTS) missing.push('Strict-Transport-Security');
  return missing;
}

async function answersWithoutHeaders(origin: string, list: string[]): Promise<string[]> {
  const without: string[] = [];
  for (const [index, path] of list.entries()) {
    // Every other request as if it came over https (the ingress's X-Forwarded-Proto), to see HSTS as well.
    const overHttps = index % 2 === 1;
    const response = await fetch(`${origin}${path}`, {
      redirect: 'manual',
      headers: overHttps ? { 'x-forwarded-proto': 'https' } : {},
    });
    await response.arrayBuffer();
    const missing = missingHeaders(response.headers, overHttps);
    if (missing.length > 0)
      without.push(`${path}${overHttps ? ' (https)' : ''} → ${response.status} without ${missing.join(', ')}`);
  }
  return without;
}

it('answers every page and GET route with the security headers; a server without them is caught by the same judge', async () => {
  const list = paths();
  const without = await answersWithoutHeaders(stack.bffUrl, list);

  const bare = createServer((_request, response) => response.end('no headers here'));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  let control: string[];
  try {
    control = await answersWithoutHeaders(`http://127.0.0.1:${(bare.address() as AddressInfo).port}`, list);
  } finally {
    await new Promise((resolve) => bare.close(resolve));
  }

  recordFigures(SECTION, [
    mustBeZero(
      SECTION,
      `security headers: answers without them (of ${list.length.toLocaleString('en-US')}: every page in en and nl, every GET route; half over https)`,
      without.length,
      without.slice(0, 4).join(' | ') || undefined,
    ),
    mustEqual(
      SECTION,
      'security headers: the same requests to a server without them, caught (control)',
      control.length,
      list.length,
    ),
  ]);
  expect(without).toEqual([]);
  expect(control).toHaveLength(list.length);
}, 300_000);
