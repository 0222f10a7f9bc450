// The HTTP requests of the bad-input section, as fast-check arbitraries: for one route, one method and one caller,
// a path whose ids are the caller's own, another organisation's, made up or malformed; a query with duplicated,
// unicode and oversized parameters; a body from json-bodies.ts (or raw bytes for the webhooks); the browser's
// same-origin headers, so that the CSRF check lets the request through to validation.
//
// A request that the caller could legitimately make would change data, so each one states why it must be refused
// (no session, an id that is not the caller's, a body the route's own schema refuses, a malformed device id, no valid
// signature) and the arbitrary only yields requests with at least one reason. The exceptions are plain reads (GET),
// and routes that take nothing the fuzzer could make wrong (POST …/sessions/end-others for a signed-in caller):
// those are sent as they are and must change nothing either. Only DELETE /api/_auth/session with the fuzzer's own
// session is left out, because it would sign the fuzzer out.
import fc from 'fast-check';
import { isRefusedBody, jsonBodies, type FieldLimits, type JsonBody, type Oracle } from './json-bodies';
import type { MethodProfile, RouteProfile } from './route-profiles';
import { urlPathOf } from './route-profiles';
import {
  anyJson,
  anyUnicode,
  badString,
  isDotSegment,
  malformedId,
  NASTY_STRINGS,
  percentEncode,
  randomId,
  randomToken,
  RAW_SEGMENTS,
} from './values';

export type TenantName = 'A' | 'B';
export type CallerName = 'anonymous' | 'member of B' | 'owner of A';

export interface Caller {
  name: CallerName;
  /** The organisation whose data is the caller's own; none for the anonymous caller. */
  tenant?: TenantName;
  /** The session cookie (name=value) a signed-in caller sends. */
  sessionCookie?: string;
  /** The caller's user id (for the actor header the BFF must ignore). */
  userId?: string;
}

/**
 * Real values of each route parameter (by its name in the route: orgId, eventId, token, id, …), per organisation;
 * and under `accessKey` the guests' keys to the organisation's orders, for the guest routes' `?key=`.
 */
export type IdPools = Record<TenantName, Record<string, string[]>>;

export type RefusalReason = 'no session' | 'path' | 'body' | 'query' | 'signature';

export interface HttpCase {
  route: string;
  method: string;
  caller: CallerName;
  /** Path and query, ready to append to the BFF's origin. */
  target: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Why the request must be refused; empty for a plain read or a request with nothing to get wrong. */
  refusedBecause: RefusalReason[];
  made: string;
}

export interface RouteInputs {
  /** The route's body schema, its valid template for this caller and the limits found in it. */
  schema?: { oracle: Oracle; template: unknown; limits: FieldLimits; limitBytes?: number };
  /** The schema that checks `?deviceId=` (deviceQuery routes). */
  deviceOracle?: Oracle;
}

const other = (tenant: TenantName): TenantName => (tenant === 'A' ? 'B' : 'A');

interface Segment {
  /** As it goes into the URL. */
  raw: string;
  own: boolean;
  made: string;
}

/** The values of one path parameter for this caller: its own (which it may use), others' and made-up ones. */
function segmentArbitrary(
  profile: RouteProfile,
  method: MethodProfile,
  name: string,
  prefix: string | undefined,
  caller: Caller,
  pools: IdPools,
  mode: 'own' | 'mixed',
): fc.Arbitrary<Segment> {
  const all = [...(pools.A[name] ?? []), ...(pools.B[name] ?? [])];
  // A public route (no session asked) takes anyone's real ids: they are all the caller's to use.
  const own = method.signedIn ? (caller.tenant ? (pools[caller.tenant][name] ?? []) : []) : all;
  const foreign =
    method.signedIn && caller.tenant ? (pools[other(caller.tenant)][name] ?? []) : method.signedIn ? all : [];
  const encoded = (value: string, isOwn: boolean, made: string): Segment => ({
    raw: percentEncode(value),
    own: isOwn,
    made,
  });
  const ownArbitrary =
    own.length > 0 ? fc.constantFrom(...own).map((value) => encoded(value, true, `${name}: own`)) : undefined;
  if (mode === 'own') {
    if (!ownArbitrary) throw new Error(`no own ${name} for ${caller.name} on ${profile.route.path}`);
    return ownArbitrary;
  }
  const made = prefix
    ? randomId(prefix)
    : name === 'token'
      ? randomToken
      : fc.oneof(randomId('ses'), randomToken, anyUnicode(30));
  const options: fc.Arbitrary<Segment>[] = [
    made.map((value) => encoded(value, false, `${name}: made up ${JSON.stringify(value)}`)),
    malformedId(all)
      .filter((value) => value !== '')
      .map((value) =>
        encoded(
          value,
          false,
          `${name}: malformed ${JSON.stringify(value.slice(0, 40))}${value.length > 40 ? `… (${value.length})` : ''}`,
        ),
      ),
    fc.constantFrom(...RAW_SEGMENTS).map((raw): Segment => ({ raw, own: false, made: `${name}: raw ${raw}` })),
  ];
  if (ownArbitrary) options.push(ownArbitrary);
  if (foreign.length > 0)
    options.push(fc.constantFrom(...foreign).map((value) => encoded(value, false, `${name}: another organisation's`)));
  return fc.oneof(...options).filter((segment) => segment.raw !== '' && !isDotSegment(segment.raw));
}

interface Path {
  path: string;
  accepted: boolean;
  made: string[];
}

function pathArbitrary(
  profile: RouteProfile,
  method: MethodProfile,
  caller: Caller,
  pools: IdPools,
): fc.Arbitrary<Path> {
  const template = urlPathOf(profile.route.path);
  if (profile.params.length === 0) return fc.constant({ path: template, accepted: true, made: [] });
  const build = (mode: 'own' | 'mixed') =>
    fc
      .tuple(
        ...profile.params.map((param) =>
          segmentArbitrary(profile, method, param.name, param.prefix, caller, pools, mode),
        ),
      )
      .map((segments): Path => {
        let path = template;
        profile.params.forEach((param, index) => {
          path = path.replace(new RegExp(`\\[(?:\\.\\.\\.)?${param.name}\\]`), segments[index]!.raw);
        });
        return {
          path,
          accepted: segments.every((segment) => segment.own),
          made: segments.map((segment) => segment.made),
        };
      });
  const ownPossible = profile.params.every((param) => {
    const own = method.signedIn
      ? caller.tenant
        ? (pools[caller.tenant][param.name] ?? [])
        : []
      : [...(pools.A[param.name] ?? []), ...(pools.B[param.name] ?? [])];
    return own.length > 0;
  });
  // Half the time every id is the caller's own, so that the body and the query are what gets checked.
  return ownPossible ? fc.oneof(build('own'), build('mixed')) : build('mixed');
}

interface Query {
  text: string;
  broken: boolean;
  made: string;
}

/**
 * A guest route's `key` first in the query (the handler reads the first): mostly a real order's key, so that the
 * route gets past it to the rest of its checks (a real key need not be the key of the order in the path), else a
 * made-up key of the right form or none (404 either way).
 */
function accessKeyArbitrary(method: MethodProfile, accessKeys: readonly string[]): fc.Arbitrary<[string, string][]> {
  if (!method.accessKeyQuery) return fc.constant([]);
  const options: fc.WeightedArbitrary<[string, string][]>[] = [
    { weight: 1, arbitrary: randomToken.map((token) => [['key', token.slice(0, 22)]]) },
    { weight: 1, arbitrary: fc.constant([]) },
  ];
  if (accessKeys.length > 0)
    options.push({ weight: 4, arbitrary: fc.constantFrom(...accessKeys).map((key) => [['key', key]]) });
  return fc.oneof(...options);
}

function queryArbitrary(
  method: MethodProfile,
  deviceOracle: Oracle | undefined,
  accessKeys: readonly string[],
): fc.Arbitrary<Query> {
  const keys = [
    ...method.queryKeys,
    ...(method.deviceQuery ? ['deviceId'] : []),
    ...(method.accessKeyQuery ? ['key'] : []),
    'locale',
    'q',
    'status',
    'page',
    'x',
  ];
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('en', 'nl', 'dev_fuzz1234', 'created', 'paid', '1', '') },
    { weight: 4, arbitrary: badString(300) },
  );
  const entry = fc.tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: anyUnicode(10) }),
    value,
  );
  // Now and then one value of 20,000 characters: a URL past what the server takes (431), the rest stays well within.
  const fuzzed = fc.oneof(
    { weight: 19, arbitrary: fc.array(entry, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.constantFrom(...keys).map((key) => [[key, 'q'.repeat(20_000)] as [string, string]]) },
  );
  const realKeys = new Set(accessKeys);
  const entries = fc.tuple(accessKeyArbitrary(method, accessKeys), fuzzed).map(([key, rest]) => [...key, ...rest]);
  return entries.map((entries): Query => {
    const text = entries.map(([key, item]) => `${percentEncode(key)}=${percentEncode(item)}`).join('&');
    const first = entries.find(([key]) => key === 'deviceId')?.[1];
    // The handler reads the first deviceId (URLSearchParams.get) and checks it with the schema; absent is refused too.
    const broken =
      method.deviceQuery && deviceOracle !== undefined && !deviceOracle.safeParse({ deviceId: first }).success;
    const shown = (key: string, item: string) =>
      key === 'key' && realKeys.has(item)
        ? "key=(a real order's)"
        : `${key}=${JSON.stringify(item.slice(0, 20))}${item.length > 20 ? `…(${item.length})` : ''}`;
    return {
      text,
      broken,
      made: entries.length ? `query ${entries.map(([key, item]) => shown(key, item)).join('&')}` : '',
    };
  });
}

/** A webhook's raw body and signature header: never a valid signature. */
function rawBodyArbitrary(): fc.Arbitrary<{ body: JsonBody; headers: Record<string, string> }> {
  const payload = fc.oneof(
    anyJson.map((value) => JSON.stringify(value) ?? 'null'),
    fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
    fc.constant(
      `{"id":"evt_1","type":"payment_intent.succeeded","data":{"object":{"metadata":{"paymentId":"pay_x"}}}}`,
    ),
    fc.constant('x'.repeat(1024 * 1024 + 1)),
  );
  const signature = fc.option(
    fc.oneof(
      fc.constantFrom('t=1,v1=00', 't=9999999999,v1=' + '0'.repeat(64), 'v1=', 't=,v1=,v0=', ',,,', '\u0000'),
      badString(6_000),
      fc.integer({ min: 0, max: 2 ** 31 }).map((t) => `t=${t},v1=${'ab'.repeat(32)}`),
    ),
    { freq: 5 },
  );
  const header = fc.constantFrom('stripe-signature', 'kassa-signature');
  return fc.tuple(payload, signature, header).map(([bytes, sig, name]) => ({
    body: {
      payload: bytes,
      contentType: 'application/json',
      made: `raw ${typeof bytes === 'string' ? bytes.length : bytes.byteLength} bytes, ${name}: ${sig === null ? 'none' : JSON.stringify(sig.slice(0, 30))}`,
    },
    // Header values must be ISO-8859-1 for fetch: the rest is sent percent-encoded, which is no valid signature either.
    headers: sig === null ? {} : { [name]: /^[\x20-\x7e]*$/.test(sig) ? sig : percentEncode(sig) },
  }));
}

/** The cookies and extra headers of a caller: a signed-in caller its session; the anonymous one none, or bad ones. */
function callerHeaders(
  caller: Caller,
  other: Caller | undefined,
): fc.Arbitrary<{ headers: Record<string, string>; made: string }> {
  // The BFF sets the actor header on its gRPC calls itself; one sent by the browser must change nothing.
  const actorHeader = fc.option(
    fc.constant(
      other?.userId
        ? { 'kassa-actor-user-id': other.userId }
        : { 'kassa-actor-user-id': 'usr_00000000000000000000000000' },
    ),
    { freq: 6 },
  );
  if (caller.sessionCookie) {
    return actorHeader.map((extra) => ({
      headers: { cookie: caller.sessionCookie!, ...(extra ?? {}) },
      made: extra ? 'with a foreign actor header' : '',
    }));
  }
  const badCookie = fc.oneof(
    fc.constant(''),
    randomToken.map((token) => `kassa_session=${token}`),
    fc.constantFrom(...NASTY_STRINGS.slice(0, 20)).map((value) => `kassa_session=${percentEncode(value)}`),
    randomId('sic').map((id) => `kassa_challenge=${id}`),
    fc.constant('kassa_session=a; kassa_session=b; __Host-kassa_session=c'),
  );
  return fc.tuple(badCookie, actorHeader).map(([cookie, extra]) => ({
    headers: { ...(cookie ? { cookie } : {}), ...(extra ?? {}) },
    made: [cookie ? `cookie ${cookie.slice(0, 40)}` : '', extra ? 'with an actor header' : '']
      .filter(Boolean)
      .join(', '),
  }));
}

export type CaseArbitrary = { kind: 'cases'; arbitrary: fc.Arbitrary<HttpCase> } | { kind: 'skipped'; why: string };

/**
 * The requests of one route, method and caller. `origin` is the BFF's (sent as Origin, as the browser does);
 * `otherCaller` lends its user id to the actor header the BFF must ignore.
 */
export function httpCases(
  profile: RouteProfile,
  method: MethodProfile,
  caller: Caller,
  pools: IdPools,
  inputs: RouteInputs,
  origin: string,
  otherCaller?: Caller,
): CaseArbitrary {
  const callerRefused = method.signedIn && !caller.sessionCookie;
  const isRead = method.method === 'GET' && !method.deviceQuery;
  const nothingToBreak = profile.params.length === 0 && method.body.kind === 'none' && !method.deviceQuery;
  if (!callerRefused && !isRead && nothingToBreak) {
    if (method.endsOwnSession && caller.sessionCookie)
      return {
        kind: 'skipped',
        why: `${method.method} ${profile.route.path} ends the session it is sent with: not sent with ${caller.name}'s session`,
      };
  }
  const validAsIs = !callerRefused && !isRead && nothingToBreak;

  const base = { origin, 'sec-fetch-site': 'same-origin' };
  const body: fc.Arbitrary<{ body?: JsonBody; headers: Record<string, string>; refused: boolean }> =
    method.method === 'GET'
      ? fc.constant({ headers: {}, refused: false })
      : method.body.kind === 'raw'
        ? rawBodyArbitrary().map(({ body: raw, headers }) => ({ body: raw, headers, refused: true }))
        : method.body.kind === 'json' && inputs.schema
          ? jsonBodies(inputs.schema.template, inputs.schema.limits).map((json) => ({
              body: json,
              headers: {},
              refused: isRefusedBody(inputs.schema!.oracle, json, inputs.schema!.limitBytes),
            }))
          : fc.option(anyJson, { freq: 2 }).map((junk) => ({
              body:
                junk === null
                  ? undefined
                  : {
                      payload: JSON.stringify(junk) ?? 'null',
                      contentType: 'application/json',
                      made: `an unread body ${JSON.stringify(junk).slice(0, 30)}`,
                    },
              headers: {},
              refused: false,
            }));
  if (method.body.kind === 'json' && !inputs.schema)
    throw new Error(`${method.method} ${profile.route.path}: no schema loaded for its body`);

  const arbitrary = fc
    .tuple(
      pathArbitrary(profile, method, caller, pools),
      queryArbitrary(method, inputs.deviceOracle, [...(pools.A.accessKey ?? []), ...(pools.B.accessKey ?? [])]),
      body,
      callerHeaders(caller, otherCaller),
    )
    .map(([path, query, sent, who]): HttpCase => {
      const refusedBecause: RefusalReason[] = [];
      if (callerRefused) refusedBecause.push('no session');
      if (!path.accepted) refusedBecause.push('path');
      if (sent.refused) refusedBecause.push(method.body.kind === 'raw' ? 'signature' : 'body');
      if (query.broken) refusedBecause.push('query');
      // With a large body the URL stays short: a server that refuses a 40 KB URL (431) closes the connection while the
      // body is still being sent, and the answer is lost (or not: it is a race); oversized URLs go with small bodies
      // or none. A long query is dropped here, a long path (a 10,000-character id) by the filter below.
      const largeBody = isLargeBody(sent.body?.payload);
      const queryText = largeBody && query.text.length > 4_000 ? '' : query.text;
      return {
        route: profile.route.path,
        method: method.method,
        caller: caller.name,
        target: `${path.path}${queryText ? `?${queryText}` : ''}`,
        headers: {
          ...base,
          ...who.headers,
          ...sent.headers,
          ...(sent.body ? { 'content-type': sent.body.contentType } : {}),
        },
        body: sent.body?.payload,
        refusedBecause,
        made: [...path.made, queryText ? query.made : '', sent.body?.made ?? '', who.made].filter(Boolean).join('; '),
      };
    })
    .filter((request) => !(isLargeBody(request.body) && request.target.length > 4_000))
    // Nothing else may be sent: a request the caller could make for real would change data.
    .filter((request) => request.refusedBecause.length > 0 || isRead || validAsIs);
  return { kind: 'cases', arbitrary };
}

function isLargeBody(payload: string | Buffer | undefined): boolean {
  return payload !== undefined && Buffer.byteLength(payload) > 64 * 1024;
}
