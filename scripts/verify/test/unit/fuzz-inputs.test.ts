// The bad-input fuzzer's pure parts: reading routes and contracts, finding limits by asking a schema, building
// requests that are always refused for a caller who could otherwise carry them out, and judging answers.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  catalogueFromSources,
  isKnownMessage,
  messagesOf,
  readMessageCatalogue,
  revealedInternals,
  stringLiterals,
} from '../../fuzz/answers';
import { INLINE_SCHEMAS, loadSchema, TEMPLATES, templateKey } from '../../fuzz/body-schemas';
import { grpcCases, isReadMethod } from '../../fuzz/grpc-cases';
import { httpCases, type Caller, type IdPools } from '../../fuzz/http-cases';
import { bodyInterpretations, findLimits, isRefusedBody, withValueAt } from '../../fuzz/json-bodies';
import { judgeGrpc, judgeHttp } from '../../fuzz/judge';
import { requireModule } from '../../fuzz/require-module';
import { protoTypesFromSources, readProtoTypes } from '../../fuzz/proto-types';
import { methodSource, profileRoute, routeIdPrefixes, urlPathOf } from '../../fuzz/route-profiles';
import { fuzzSeed, seedFor } from '../../fuzz/seeds';
import { changedTables, messagesPublished } from '../../fuzz/state';
import { isDotSegment, percentEncode } from '../../fuzz/values';
import { bffRoutes, grpcMethods, type BffRoute } from '../../surface';

const repoRoot = join(__dirname, '..', '..', '..', '..');
const id = (prefix: string, n: number) => `${prefix}_${String(n).padStart(26, '0')}`;

describe('reading what a route takes', () => {
  const route = (path: string, methods: BffRoute['methods']): BffRoute => ({
    path,
    pattern: /x/,
    methods,
    file: 'bff/app/x/route.ts',
  });

  it('finds the schema a method checks its body with, imported, made by a factory or inline, and its size limit', () => {
    const source = [
      "import { eventBody as body, other } from '../../server/event-requests';",
      "import { LIMIT, checkoutBody } from '../../server/checkout-requests';",
      "import { inviteSchema } from '@kassa/web/lib/organisation-rules';",
      'const invite = inviteSchema();',
      'const profileBody = z.object({ a: z.string() });',
      'export const PUT = handler(async (request) => { const b = await readBody(request, body); });',
      'export const POST = handler(async (request) => { parseBody(invite, await readJson(request)); });',
      'export async function PATCH(request) { checkBody(profileBody, await readJson(request)); }',
      'export const DELETE = handler(async (request) => readCheckedBody(request, checkoutBody, LIMIT));',
    ].join('\n');
    const profile = profileRoute(
      route('/api/o/[orgId]/e/[eventId]', ['PUT', 'POST', 'PATCH', 'DELETE']),
      source,
      new Map([['orgId', 'org']]),
    );
    expect(profile.params).toEqual([
      { name: 'orgId', prefix: 'org' },
      { name: 'eventId', prefix: undefined },
    ]);
    const bodies = Object.fromEntries(profile.methods.map((method) => [method.method, method.body]));
    expect(bodies.PUT).toEqual({
      kind: 'json',
      schema: { identifier: 'body', from: '../../server/event-requests', exportName: 'eventBody', factory: false },
    });
    expect(bodies.POST).toEqual({
      kind: 'json',
      schema: {
        identifier: 'invite',
        from: '@kassa/web/lib/organisation-rules',
        exportName: 'inviteSchema',
        factory: true,
      },
    });
    expect(bodies.PATCH).toEqual({
      kind: 'json',
      schema: { identifier: 'profileBody', exportName: 'profileBody', factory: false },
    });
    expect(bodies.DELETE).toMatchObject({
      kind: 'json',
      schema: { exportName: 'checkoutBody', limitName: 'LIMIT', limitFrom: '../../server/checkout-requests' },
    });
  });

  it('tells sign-in, raw bodies, the device query, query keys and the session-ending call apart, and refuses unknown body readers', () => {
    const source = [
      "import { deviceIdFromQuery } from '../server/scan-requests';",
      "export const GET = handler(async (request) => { const user = await requireApiUser(request); deviceIdFromQuery(request); request.nextUrl.searchParams.get('locale'); });",
      'export async function POST(request) { const bytes = await readBodyBytes(request, 10); }',
      'export const DELETE = handler(async (request) => { await identityClient().endSession({ sessionToken: "x" }); });',
    ].join('\n');
    const [get, post, del] = profileRoute(route('/api/x', ['GET', 'POST', 'DELETE']), source, new Map()).methods;
    expect(get).toMatchObject({
      signedIn: true,
      deviceQuery: true,
      deviceQueryFrom: '../server/scan-requests',
      queryKeys: ['locale'],
      endsOwnSession: false,
    });
    expect(post).toMatchObject({ signedIn: false, body: { kind: 'raw' } });
    expect(del).toMatchObject({ body: { kind: 'none' }, endsOwnSession: true });
    expect(() =>
      profileRoute(
        route('/api/y', ['POST']),
        'export const POST = handler(async (request) => request.formData());',
        new Map(),
      ),
    ).toThrow(/does not know/);
    expect(methodSource('export const GET = 1;\nexport const POST = 2;', 'GET')).toBe('export const GET = 1;\n');
  });

  it('reads the id prefix of each route parameter from requireRouteId, and the URL of a %5F folder', () => {
    expect([
      ...routeIdPrefixes(["requireRouteId('org', params.orgId)", "requireRouteId( 'shp',params.shopId )"]),
    ]).toEqual([
      ['orgId', 'org'],
      ['shopId', 'shp'],
    ]);
    expect(urlPathOf('/api/%5Fauth/social/[provider]/start')).toBe('/api/_auth/social/[provider]/start');
  });

  it('profiles every route of the BFF, with a template that its schema takes for every JSON body', () => {
    const routes = bffRoutes();
    const sources = routes.map((r) => readFileSync(join(repoRoot, r.file), 'utf8'));
    const prefixes = routeIdPrefixes([
      ...sources,
      readFileSync(join(repoRoot, 'bff/server/events/event-requests.ts'), 'utf8'),
      readFileSync(join(repoRoot, 'bff/server/shops/shop-requests.ts'), 'utf8'),
    ]);
    const ids = { ticketOptionId: id('tko', 1), eventId: id('evt', 1), itemId: id('itm', 1) };
    let bodies = 0;
    routes.forEach((r, index) => {
      for (const method of profileRoute(r, sources[index]!, prefixes).methods) {
        if (method.body.kind !== 'json') continue;
        bodies += 1;
        const template = TEMPLATES[templateKey(method.body.schema)];
        expect({ route: `${method.method} ${r.path}`, template: Boolean(template) }).toEqual({
          route: `${method.method} ${r.path}`,
          template: true,
        });
        expect(loadSchema(r.file, method.body.schema).safeParse(template!(ids)).success).toBe(true);
      }
    });
    expect(bodies).toBeGreaterThan(30);
  });

  it('mirrors the one inline schema as the route writes it', () => {
    const source = readFileSync(join(repoRoot, 'bff/app/api/account/profile/route.ts'), 'utf8');
    expect(source).toMatch(
      /const profileBody = z\.object\(\{\s*displayName: z\.string\(\{[^}]*\}\)\.optional\(\),\s*locale: z\.string\(\{[^}]*\}\)\.optional\(\),\s*\}\)/,
    );
    const mirror = INLINE_SCHEMAS['bff/app/api/account/profile/route.ts#profileBody']!;
    expect(mirror.safeParse({}).success).toBe(true);
    expect(mirror.safeParse({ displayName: 1 }).success).toBe(false);
  });
});

describe('bodies and their limits', () => {
  const schema = z.object({
    name: z.string().min(1).max(10),
    country: z.string().regex(/^[A-Z]{2}$/),
    count: z.number().int().min(1).max(60),
    tags: z.array(z.string()).max(3),
  });
  const template = { name: 'abc', country: 'NL', count: 5, tags: ['x'] };

  it('finds the longest string, the number range and the most elements a schema takes, and no length for a pattern', () => {
    const limits = findLimits(schema, template);
    expect(limits.maxLength.get('name')).toBe(10);
    expect(limits.maxLength.has('country')).toBe(false);
    expect([limits.minNumber.get('count'), limits.maxNumber.get('count')]).toEqual([1, 60]);
    expect(limits.maxItems.get('tags')).toBe(3);
    expect(() => findLimits(schema, { ...template, count: 0 })).toThrow(/not valid/);
  });

  it('reads a body as the BFF does: unparsable or not an object counts as {}, a BOM either way, and over the limit is refused', () => {
    expect(bodyInterpretations('{"a":1}')).toEqual([{ a: 1 }]);
    expect(bodyInterpretations('[1]')).toEqual([{}]);
    expect(bodyInterpretations('{')).toEqual([{}]);
    expect(bodyInterpretations('\ufeff{"a":1}')).toEqual([{}, { a: 1 }]);
    const lenient = z.object({ a: z.number().optional() });
    expect(isRefusedBody(lenient, { payload: '{', contentType: 'application/json', made: '' })).toBe(false);
    expect(isRefusedBody(lenient, { payload: '{"a":"x"}', contentType: 'application/json', made: '' })).toBe(true);
    expect(isRefusedBody(lenient, { payload: '{"a":1}', contentType: 'application/json', made: '' }, 3)).toBe(true);
  });

  it('sets "__proto__" as a member, as JSON.parse makes it, not as the prototype', () => {
    const value = withValueAt({ a: 1 }, ['__proto__'], { polluted: true }) as Record<string, unknown>;
    expect(JSON.stringify(value)).toBe('{"a":1,"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('requests that are refused for sure', () => {
  const routes = bffRoutes();
  const route = (path: string) => {
    const found = routes.find((r) => r.path === path)!;
    const source = readFileSync(join(repoRoot, found.file), 'utf8');
    const helpers = ['events/event-requests', 'shops/shop-requests', 'orders/order-requests', 'scan/scan-requests'].map(
      (name) => readFileSync(join(repoRoot, 'bff/server', `${name}.ts`), 'utf8'),
    );
    return profileRoute(found, source, routeIdPrefixes([source, ...helpers]));
  };
  const tenant = (n: number) => ({
    orgId: [id('org', n)],
    eventId: [id('evt', n)],
    ticketOptionId: [id('tko', n)],
    shopId: [id('shp', n)],
    itemId: [id('itm', n)],
    discountCodeId: [id('dsc', n)],
    orderId: [id('ord', n)],
    paymentId: [id('pay', n)],
    linkId: [id('scl', n)],
    memberId: [id('mem', n)],
    invitationId: [id('inv', n)],
    token: ['t'.repeat(42) + n],
    id: [id('ses', n)],
  });
  const pools: IdPools = { A: tenant(1), B: tenant(2) };
  const ownerA: Caller = { name: 'owner of A', tenant: 'A', sessionCookie: 'kassa_session=a', userId: id('usr', 1) };
  const anonymous: Caller = { name: 'anonymous' };
  const origin = 'http://localhost:3000';

  it("never lets A's owner carry out a DELETE on A's own ids, and always sends the same-origin headers", () => {
    const profile = route('/api/organisations/[orgId]/events/[eventId]');
    const made = httpCases(
      profile,
      profile.methods.find((m) => m.method === 'DELETE')!,
      ownerA,
      pools,
      {},
      origin,
    );
    if (made.kind !== 'cases') throw new Error('expected cases');
    for (const request of fc.sample(made.arbitrary, { seed: 7, numRuns: 200 })) {
      expect(request.refusedBecause).toContain('path');
      expect(request.target).not.toBe(`/api/organisations/${pools.A.orgId![0]}/events/${pools.A.eventId![0]}`);
      expect(request.headers).toMatchObject({ origin, 'sec-fetch-site': 'same-origin', cookie: 'kassa_session=a' });
      for (const segment of request.target.split('?')[0]!.split('/')) expect(isDotSegment(segment)).toBe(false);
    }
  });

  // A guest's checkout on any shop, with the route's own schema.
  const guestCheckoutCases = () => {
    const profile = route('/api/shops/[shopId]/checkout');
    const method = profile.methods[0]!;
    if (method.body.kind !== 'json') throw new Error('expected a JSON body');
    const oracle = loadSchema(profile.route.file, method.body.schema);
    const template = TEMPLATES.checkoutBody!({
      ticketOptionId: id('tko', 1),
      eventId: id('evt', 1),
      itemId: id('itm', 1),
    });
    const made = httpCases(
      profile,
      method,
      anonymous,
      pools,
      { schema: { oracle, template, limits: findLimits(oracle, template), limitBytes: 32 * 1024 } },
      origin,
    );
    if (made.kind !== 'cases') throw new Error('expected cases');
    return made;
  };

  it("sends a guest's checkout on a real shop only with a body the route's schema refuses", () => {
    const made = guestCheckoutCases();
    const requests = fc.sample(made.arbitrary, { seed: 11, numRuns: 150 });
    for (const request of requests) {
      const realShop = [...pools.A.shopId!, ...pools.B.shopId!].some((shop) =>
        request.target.startsWith(`/api/shops/${shop}/checkout`),
      );
      if (realShop) expect(request.refusedBecause).toContain('body');
      else expect(request.refusedBecause).toContain('path');
    }
    expect(requests.some((request) => request.refusedBecause.join() === 'body')).toBe(true);
  });

  it('never sends a large body behind a long URL (the 431 races the upload and the answer is lost)', () => {
    const made = guestCheckoutCases();
    // A long path (about 1 case in 400) with a large body (1 in 16) is rare: many runs, none of them kept.
    const bytes = (body: string | Buffer | undefined) => (body === undefined ? 0 : Buffer.byteLength(body));
    const seen = { largeBodies: 0, longPaths: 0 };
    fc.assert(
      fc.property(made.arbitrary, (request) => {
        const large = bytes(request.body) > 64 * 1024;
        if (large) seen.largeBodies++;
        if (request.target.split('?')[0]!.length > 4_000) seen.longPaths++;
        return !(large && request.target.length > 4_000);
      }),
      { seed: 708753716, numRuns: 6_000 },
    );
    // Both kinds are still made, only never together.
    expect(seen.largeBodies).toBeGreaterThan(50);
    expect(seen.longPaths).toBeGreaterThan(5);
  });

  it("leaves out only signing out with the fuzzer's own session, and sends it anonymously", () => {
    const profile = route('/api/%5Fauth/session');
    const del = profile.methods.find((m) => m.method === 'DELETE')!;
    expect(httpCases(profile, del, ownerA, pools, {}, origin)).toMatchObject({ kind: 'skipped' });
    expect(httpCases(profile, del, anonymous, pools, {}, origin)).toMatchObject({ kind: 'cases' });
  });

  it('percent-encodes any string without throwing, lone surrogates included', () => {
    expect(percentEncode('a b/\ud800é')).toBe('a%20b%2F%EF%BF%BD%C3%A9');
    expect(isDotSegment('%2E%2e')).toBe(true);
    expect(isDotSegment('..%2F')).toBe(false);
  });
});

describe('gRPC requests from the generated contracts', () => {
  it("reads messages, enums, lists, timestamps, bytes and each number's protobuf type from ts-proto output", () => {
    const types = protoTypesFromSources({
      'kassa/x/v1/x': [
        "import { Money } from './money';",
        'export enum Kind { KIND_UNSPECIFIED = 0, KIND_A = 1 }',
        'export interface DoRequest { shopId: string; lines: Line[]; at: Date | undefined; kind: Kind; raw: Buffer; price: Money | undefined; limit?: number }',
        'export interface Line { quantity: number; tags: string[] }',
        'export const Line: MessageFns<Line> = {',
        '  encode(message: Line, writer: BinaryWriter = new BinaryWriter()): BinaryWriter {',
        '    if (message.quantity !== 0) {\n      writer.uint32(8).int32(message.quantity);\n    }',
        '    return writer;',
        '  },',
        '};',
        'export const XService = {',
        '  /** Does it. Idempotent: an unknown shop succeeds. */',
        '  do: { path: "/kassa.x.v1.XService/Do" as const, requestStream: false as const, requestSerialize: (value: DoRequest): Buffer => Buffer.from([]) },',
        '};',
      ].join('\n'),
      'kassa/x/v1/money': 'export interface Money { amountMinor: number; currency: string }',
    });
    const request = types.messages.get(types.requestOf.get('/kassa.x.v1.XService/Do')!)!;
    expect(request.map((field) => [field.name, field.type.kind])).toEqual([
      ['shopId', 'string'],
      ['lines', 'list'],
      ['at', 'timestamp'],
      ['kind', 'enum'],
      ['raw', 'bytes'],
      ['price', 'message'],
      ['limit', 'number'],
    ]);
    expect(types.messages.get('kassa/x/v1/x#Line')).toEqual([
      { name: 'quantity', type: { kind: 'number', scalar: 'int32' } },
      { name: 'tags', type: { kind: 'list', of: { kind: 'string' } } },
    ]);
    expect(request.find((field) => field.name === 'kind')!.type).toEqual({
      kind: 'enum',
      name: 'Kind',
      values: [0, 1],
    });
    expect(types.docOf.get('/kassa.x.v1.XService/Do')).toBe('Does it. Idempotent: an unknown shop succeeds.');
  });

  it('gives every write method of the contracts a breaker, and every request it makes encodes', () => {
    const types = readProtoTypes();
    const pools = {
      A: { organisationId: [id('org', 1)], eventId: [id('evt', 1)], orderId: [id('ord', 1)] },
      B: { organisationId: [id('org', 2)], eventId: [id('evt', 2)], orderId: [id('ord', 2)] },
    };
    const limits = {
      maxLength: new Map([
        ['name', 100],
        ['description', 5000],
      ]),
    };
    for (const method of grpcMethods()) {
      const made = grpcCases(
        method.path,
        { types, pools, limits },
        { name: 'owner of A', tenant: 'A', userId: id('usr', 1) },
      );
      expect({ method: method.path, kind: made.kind }).toEqual({ method: method.path, kind: 'cases' });
      if (made.kind !== 'cases') continue;
      const generated = requireModule<
        Record<string, { fromPartial(v: unknown): unknown; encode(v: unknown): { finish(): Uint8Array } }>
      >(`@kassa/proto/${method.module}`);
      const fns = generated[types.requestOf.get(method.path)!.split('#')[1]!]!;
      for (const sample of fc.sample(made.arbitrary, { seed: seedFor(3, method.path), numRuns: 5 })) {
        if (!isReadMethod(method.path)) expect(sample.breakers.length).toBeGreaterThan(0);
        expect(() => fns.encode(fns.fromPartial(sample.request)).finish()).not.toThrow();
      }
    }
  });

  it("puts another organisation's id into an organiser method, never its own", () => {
    const types = readProtoTypes();
    const pools = {
      A: { organisationId: [id('org', 1)], eventId: [id('evt', 1)] },
      B: { organisationId: [id('org', 2)], eventId: [id('evt', 2)] },
    };
    const made = grpcCases(
      '/kassa.catalog.v1.EventService/DeleteEvent',
      { types, pools, limits: { maxLength: new Map() } },
      { name: 'owner of A', tenant: 'A', userId: id('usr', 1) },
    );
    if (made.kind !== 'cases') throw new Error('expected cases');
    const samples = fc.sample(made.arbitrary, { seed: 5, numRuns: 300 });
    expect(
      samples.some((sample) => sample.breakers.some((b) => b.includes(id('org', 2)) || b.includes(id('evt', 2)))),
    ).toBe(true);
    for (const sample of samples)
      expect(sample.breakers.join()).not.toMatch(
        new RegExp(`another organisation's (${id('org', 1)}|${id('evt', 1)})`),
      );
  });
});

describe('judging answers', () => {
  const catalogue = catalogueFromSources([
    "throw new NotFoundError('Event not found'); const m = messages.required('Email'); const t = `An order that is ${status} cannot be canceled`; const x = `${method} failed: ${y}`;",
  ]);

  it('reads string literals and templates, skipping comments', () => {
    expect(
      stringLiterals("// 'not this'\nconst a = 'one'; /* \"nor this\" */ const b = `two ${f('x')} three`;"),
    ).toEqual(['one', 'two \u0000 three']);
  });

  it("knows the code's messages, the spec's rule patterns with the code's labels, and nothing else", () => {
    expect(isKnownMessage(catalogue, 'Event not found')).toBe(true);
    expect(isKnownMessage(catalogue, 'Email is required')).toBe(true);
    expect(isKnownMessage(catalogue, 'Minimum value is 0')).toBe(true);
    expect(isKnownMessage(catalogue, 'An order that is paid cannot be canceled')).toBe(true);
    expect(isKnownMessage(catalogue, 'Whatever is required')).toBe(false);
    expect(isKnownMessage(catalogue, '/kassa.x/Y failed: INTERNAL boom')).toBe(false);
    expect(isKnownMessage(catalogue, "Cannot read properties of undefined (reading 'id')")).toBe(false);
  });

  it("finds the BFF's own messages in the code", () => {
    const real = readMessageCatalogue();
    for (const message of [
      'ID is invalid',
      'Not found',
      'You are not signed in.',
      'Some fields are not valid. Please check the form and try again.',
      'Forbidden',
      'The request is too large.',
      'Idempotency key is invalid',
    ]) {
      expect({ message, known: isKnownMessage(real, message) }).toEqual({ message, known: true });
    }
  });

  it('sees stack traces, paths, SQL and JavaScript errors', () => {
    expect(revealedInternals('Error: x\n    at Object.<anonymous> (/work/main/a.ts:1:2)')).toBe('a stack frame');
    expect(revealedInternals('duplicate key value violates unique constraint "x"')).toBe('SQL');
    expect(revealedInternals('TypeError: x is not a function')).toBe('a JavaScript error');
    expect(revealedInternals('{"message":"Not found"}')).toBeUndefined();
    expect(messagesOf({ message: 'Some fields', fields: { email: 'Email is invalid' } })).toEqual([
      'Some fields',
      'Email is invalid',
    ]);
  });

  it('counts a 5xx, a write accepted that had to be refused, and an unknown message; a read answered 2xx is fine', () => {
    const answer = (status: number, body: unknown) => ({
      status,
      contentType: 'application/json',
      text: JSON.stringify(body),
    });
    expect(
      judgeHttp(
        { method: 'POST', refusedBecause: ['body'] },
        answer(500, { message: 'Something went wrong. Please try again later.' }),
        catalogue,
      ).map((f) => f.kind),
    ).toEqual(['5xx', 'unknown message']);
    expect(
      judgeHttp({ method: 'POST', refusedBecause: ['path'] }, answer(201, {}), catalogue).map((f) => f.kind),
    ).toEqual(['accepted']);
    expect(judgeHttp({ method: 'GET', refusedBecause: ['path'] }, answer(200, {}), catalogue)).toEqual([]);
    expect(
      judgeHttp(
        { method: 'POST', refusedBecause: ['body'] },
        answer(400, { message: 'Email is required', fields: { email: 'Email is required' } }),
        catalogue,
      ),
    ).toEqual([]);
    expect(
      judgeGrpc(
        { read: false, breakers: ['x'] },
        { code: 13, details: 'Internal error', violations: [] },
        catalogue,
      ).map((f) => f.kind),
    ).toEqual(['grpc status']);
    expect(
      judgeGrpc({ read: false, breakers: ['x'] }, { code: 0, details: '', violations: [] }, catalogue).map(
        (f) => f.kind,
      ),
    ).toEqual(['accepted']);
    expect(judgeGrpc({ read: true, breakers: ['x'] }, { code: 0, details: '', violations: [] }, catalogue)).toEqual([]);
    // The contract says an unknown value succeeds (EndSession): OK is right, and the digest shows nothing changed.
    expect(
      judgeGrpc(
        {
          read: false,
          breakers: ['x'],
          doc: 'Revokes a session. Idempotent: ending an unknown or ended session succeeds.',
        },
        { code: 0, details: '', violations: [] },
        catalogue,
      ),
    ).toEqual([]);
    expect(
      judgeGrpc(
        { read: false, breakers: ['x'] },
        { code: 4, details: 'Deadline exceeded after 20.000s', violations: [] },
        catalogue,
      ).map((f) => f.kind),
    ).toEqual(['unanswered']);
  });
});

describe('state and seeds', () => {
  it('names the tables that changed and counts the messages published', () => {
    expect(
      changedTables(
        new Map([
          ['a.t', '1:x'],
          ['a.u', '1:y'],
        ]),
        new Map([
          ['a.t', '2:z'],
          ['a.u', '1:y'],
          ['a.v', '0:-'],
        ]),
      ),
    ).toEqual(['a.t (rows 1 → 2)', 'a.v (rows none → 0)']);
    expect(
      messagesPublished(
        new Map([['S_A', 3]]),
        new Map([
          ['S_A', 5],
          ['S_B', 1],
        ]),
      ),
    ).toBe(3);
  });

  it('takes VERIFY_SEED when given, and a seed per key that does not depend on the others', () => {
    expect(fuzzSeed({ VERIFY_SEED: '42' })).toBe(42);
    expect(Number.isSafeInteger(fuzzSeed({}))).toBe(true);
    expect(seedFor(1, 'POST /a')).toBe(seedFor(1, 'POST /a'));
    expect(seedFor(1, 'POST /a')).not.toBe(seedFor(1, 'POST /b'));
  });
});
