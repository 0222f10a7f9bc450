// Cross-site requests against every state-changing route of the BFF (found from the code, scripts/verify/surface.ts),
// sent with the organiser's valid session cookie as a browser would attach it to a request another site makes it
// send. Real ids fill the paths, so that a route without the same-origin check would act on real data. Accepted
// means a 2xx answer or any change in any service's database; the check itself answers 403 {"message":"Forbidden"}
// before the route reads anything, so every other answer also counts, as "not refused by the check".
// The two webhooks are the exception by design: Stripe and the mail provider send neither Origin nor cookies, and
// their signature over the raw body is the check; they get unsigned and wrongly signed events instead.
import { randomUUID } from 'node:crypto';
import { newId } from '@kassa/platform/ids';
import { Client } from 'pg';
import { databaseUrl } from '@kassa/testing/stack';
import { mustBeZero, mustEqual, type VerifyFigure } from '../figures';
import { type BffRoute, bffRoutes, type HttpMethod } from '../surface';
import { Browser, type HttpAnswer } from './http';

const SECTION = 'abuse';
const EVIL_ORIGIN = 'https://evil.example';

/** Routes that authenticate their caller by a signature over the body instead of a browser session. */
export const WEBHOOK_PATHS = ['/api/webhooks/stripe', '/api/webhooks/email'];

export interface CsrfVariant {
  name: string;
  headers(ownOrigin: string): Record<string, string>;
  /** A JSON body, or a text/plain one as an HTML form or a "simple" fetch can send without a CORS preflight. */
  body: 'json' | 'text';
}

export const CSRF_VARIANTS: readonly CsrfVariant[] = [
  {
    name: 'foreign Origin, Sec-Fetch-Site cross-site',
    headers: () => ({ origin: EVIL_ORIGIN, 'sec-fetch-site': 'cross-site' }),
    body: 'json',
  },
  { name: 'no Origin, cross-site Referer', headers: () => ({ referer: `${EVIL_ORIGIN}/attack.html` }), body: 'json' },
  {
    name: 'foreign Origin, text/plain form-like body',
    headers: () => ({ origin: EVIL_ORIGIN, 'content-type': 'text/plain;charset=UTF-8' }),
    body: 'text',
  },
  { name: 'Origin null (sandboxed frame)', headers: () => ({ origin: 'null' }), body: 'json' },
  {
    name: 'sibling site, Sec-Fetch-Site same-site',
    headers: (own) => ({ origin: siblingOrigin(own), 'sec-fetch-site': 'same-site' }),
    body: 'json',
  },
  {
    name: 'Sec-Fetch-Site cross-site with our own Origin',
    headers: (own) => ({ origin: own, 'sec-fetch-site': 'cross-site' }),
    body: 'json',
  },
];

/** http://localhost:3000 → http://evil.localhost:3000: same site, another origin. */
export function siblingOrigin(own: string): string {
  const url = new URL(own);
  url.hostname = `evil.${url.hostname}`;
  return url.origin;
}

const STATE_CHANGING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every state-changing method of every route, one entry each. */
export function stateChangingRequests(
  routes: readonly BffRoute[] = bffRoutes(),
): { route: BffRoute; method: HttpMethod }[] {
  return routes.flatMap((route) =>
    route.methods.filter((method) => STATE_CHANGING.has(method)).map((method) => ({ route, method })),
  );
}

/** `/api/%5Fauth/verify` → `/api/_auth/verify`; `[orgId]` → `ids.orgId` (a well-formed unused id when absent). */
export function concretePath(
  path: string,
  ids: Record<string, string>,
  prefixes: Record<string, string> = ID_PREFIXES,
): string {
  return path
    .split('/')
    .map((segment) => {
      const param = /^\[(.+)\]$/.exec(segment)?.[1];
      if (!param) return decodeURIComponent(segment);
      const value = ids[param] ?? (prefixes[param] ? newId(prefixes[param]) : undefined);
      if (!value) throw new Error(`no value for [${param}] in ${path}`);
      return encodeURIComponent(value);
    })
    .join('/');
}

/** The id prefix of each dynamic segment the BFF checks (requireRouteId), for segments without a real id at hand. */
export const ID_PREFIXES: Record<string, string> = {
  orgId: 'org',
  eventId: 'evt',
  shopId: 'shp',
  orderId: 'ord',
  itemId: 'itm',
  ticketOptionId: 'tko',
  discountCodeId: 'dsc',
  memberId: 'mem',
  invitationId: 'inv',
  linkId: 'scl',
  paymentId: 'pay',
  id: 'ses',
};

/**
 * A digest of every row of every table in the given databases, by `database.table`. Only the tables where a request
 * leaves its mark; what moves on its own (outboxes and inboxes of the event relay, job rows, migrations) is left out.
 */
export async function databaseDigest(databases: readonly string[]): Promise<Map<string, string>> {
  const digest = new Map<string, string>();
  for (const database of databases) {
    const client = new Client({ connectionString: databaseUrl(database) });
    try {
      await client.connect();
    } catch {
      continue; // a service this stack does not run
    }
    try {
      const tables = await client.query<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      );
      for (const { name } of tables.rows) {
        if (/outbox|inbox|processed|consumed|mikro_orm|job|lock/i.test(name)) continue;
        const row = await client.query<{ md5: string | null; count: string }>(
          `select md5(string_agg(t::text, '|' order by t::text)) as md5, count(*) as count from "${name}" t`,
        );
        digest.set(
          `${database.replace(/^kassa_e2e_[a-z0-9]+_/, '')}.${name}`,
          `${row.rows[0]!.count}:${row.rows[0]!.md5 ?? ''}`,
        );
      }
    } finally {
      await client.end();
    }
  }
  return digest;
}

/** The digest once the platform is at rest: two digests half a second apart agree (mail still being sent, events still travelling). */
export async function settledDigest(databases: readonly string[], timeoutMs = 30_000): Promise<Map<string, string>> {
  const deadline = Date.now() + timeoutMs;
  let previous = await databaseDigest(databases);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = await databaseDigest(databases);
    if (changedTables(previous, current).length === 0 || Date.now() > deadline) return current;
    previous = current;
  }
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((key) => before.get(key) !== after.get(key)).sort();
}

const refusedByCheck = (answer: HttpAnswer) =>
  answer.status === 403 && (answer.body as { message?: string } | undefined)?.message === 'Forbidden';

export interface CsrfTarget {
  bffUrl: string;
  databases: readonly string[];
  /** The organiser's browser, signed in. */
  organiser: Browser;
  /** Real ids for the paths' dynamic segments. */
  ids: Record<string, string>;
  /** A same-origin request that must succeed, to show that the session and ids are good. */
  control: { method: string; path: string; body?: unknown };
}

export async function crossSiteRequests(target: CsrfTarget, log: (line: string) => void): Promise<VerifyFigure[]> {
  const requests = stateChangingRequests();
  const ownOrigin = new URL(target.bffUrl).origin;
  const before = await settledDigest(target.databases);
  let sent = 0;
  let accepted = 0;
  let notRefused = 0;
  let webhookAccepted = 0;
  let webhookSent = 0;
  const problems: string[] = [];
  for (const { route, method } of requests) {
    const path = concretePath(route.path, target.ids);
    if (WEBHOOK_PATHS.includes(route.path)) {
      const event = JSON.stringify({
        id: `evt_${randomUUID()}`,
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_forged', metadata: { orderId: target.ids.orderId } } },
      });
      for (const headers of [
        {} as Record<string, string>,
        {
          'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
          'kassa-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
        },
      ]) {
        const answer = await new Browser(target.bffUrl).call(method, path, {
          body: event,
          headers: { 'content-type': 'application/json', ...headers },
          crossSite: true,
        });
        webhookSent++;
        if (answer.status < 300) {
          webhookAccepted++;
          problems.push(`${method} ${path} unsigned/forged: ${answer.status}`);
        }
      }
      continue;
    }
    for (const variant of CSRF_VARIANTS) {
      const body =
        variant.body === 'json'
          ? { name: 'Changed by evil.example', full: true, idempotencyKey: randomUUID() }
          : 'name=Changed+by+evil.example&full=true';
      const answer = await target.organiser.call(method, path, {
        body,
        headers: variant.headers(ownOrigin),
        crossSite: true,
      });
      sent++;
      if (answer.status >= 200 && answer.status < 300) accepted++;
      if (!refusedByCheck(answer)) {
        notRefused++;
        problems.push(`${method} ${path} (${variant.name}): ${answer.status} ${answer.text.slice(0, 80)}`);
      }
    }
  }
  const after = await databaseDigest(target.databases);
  const changed = changedTables(before, after);
  const control = await target.organiser.call(target.control.method, target.control.path, {
    body: target.control.body,
  });
  for (const line of problems.slice(0, 20)) log(`csrf: ${line}`);
  log(
    `csrf: ${sent} cross-site requests over ${requests.length - WEBHOOK_PATHS.length} route methods × ${CSRF_VARIANTS.length} variants; ${webhookSent} webhook calls; ${before.size} tables compared${changed.length ? `; changed: ${changed.join(', ')}` : ''}`,
  );
  return [
    mustBeZero(
      SECTION,
      `cross-site: requests accepted (2xx), of ${sent.toLocaleString('en-US')} to ${requests.length - WEBHOOK_PATHS.length} route methods`,
      accepted,
    ),
    mustBeZero(
      SECTION,
      'cross-site: requests not refused by the same-origin check (403)',
      notRefused,
      problems.slice(0, 3).join('; ') || undefined,
    ),
    mustBeZero(
      SECTION,
      'cross-site: database tables changed by the attack',
      changed.length,
      changed.join(', ') || undefined,
    ),
    mustBeZero(SECTION, `webhooks: unsigned or wrongly signed events accepted (of ${webhookSent})`, webhookAccepted),
    mustEqual(
      SECTION,
      'cross-site: same-origin control request with the same session accepted',
      control.status >= 200 && control.status < 300 ? 1 : 0,
      1,
      `${target.control.method} ${target.control.path} answered ${control.status}`,
    ),
  ];
}
