// The gRPC requests of the bad-input section, built from each method's request message (proto-types.ts): every
// field gets values of its own type, from the plausible to the absurd (other organisations' ids, unicode, huge
// strings, edge numbers, far-away timestamps, unknown enum numbers, long lists), and at least one field gets a value
// the method must refuse, its "breaker": an id that is malformed, made up or (for an organiser method) another
// organisation's, a credential nobody issued (session token, invitation token, scan-link secret, webhook
// signature, provider), a malformed e-mail address or idempotency key, or a text one past the longest the BFF's
// schemas allow for that field name. Each of these is refused whatever the other fields hold (a number out of range
// is not: a negative amount means nothing in a full refund), so numbers are only noise. A method that changes data
// always gets a breaker, so a legitimate request is never made; a read sometimes goes without one.
import fc from 'fast-check';
import type { FieldType, MessageField, NumberScalar, ProtoTypes } from './proto-types';
import type { TenantName } from './http-cases';
import { anyUnicode, badString, edgeNumber, malformedId, NASTY_STRINGS, randomId, randomToken } from './values';

export type ActorName = 'no actor' | 'member of B' | 'owner of A';

export interface GrpcActor {
  name: ActorName;
  userId?: string;
  tenant?: TenantName;
}

/** Real values by proto field name (organisationId, eventId, …), per organisation. */
export type FieldPools = Record<TenantName, Record<string, string[]>>;

/** The longest text the BFF's schemas allow per field name (the most any of them allows), found by asking them. */
export interface FieldNameLimits {
  maxLength: Map<string, number>;
}

export interface GrpcCase {
  path: string;
  actor: ActorName;
  request: Record<string, unknown>;
  /** Where the request was made wrong on purpose; empty for a read sent as it is. */
  breakers: string[];
  made: string;
}

/** Method names that only read: a read may be sent without a breaker (and must change nothing all the same). */
export const isReadMethod = (path: string): boolean =>
  /\/(Get|List|Locate|Authorize|PriceCart|Check)[A-Za-z]*$/.test(path);

/** Secrets the platform issues: a made-up one is never valid. */
const CREDENTIALS = new Set(['sessionToken', 'token', 'linkSecret', 'signature', 'provider']);
/** Ids of things the fuzzer cannot have real values of, with the prefix the platform gives them. */
const KNOWN_PREFIXES: Record<string, string> = {
  challengeId: 'sic',
  stateId: 'ols',
  sessionId: 'ses',
  ticketId: 'tkt',
  messageId: 'msg',
  userId: 'usr',
};
/** List fields of ids and the singular field whose pool they draw from. */
const LIST_OF: Record<string, string> = { extraEventIds: 'eventId', eventIds: 'eventId', itemIds: 'itemId' };

const isIdField = (name: string) => /Id$/.test(name) || name in LIST_OF || /Ids$/.test(name);
const poolName = (name: string) => LIST_OF[name] ?? name;

interface Context {
  types: ProtoTypes;
  pools: FieldPools;
  limits: FieldNameLimits;
  actor: GrpcActor;
}

function realValues(ctx: Context, name: string): { own: string[]; foreign: string[]; all: string[] } {
  const pool = poolName(name);
  const a = ctx.pools.A[pool] ?? [];
  const b = ctx.pools.B[pool] ?? [];
  const own = ctx.actor.tenant === 'A' ? a : ctx.actor.tenant === 'B' ? b : [];
  const foreign = ctx.actor.tenant === 'A' ? b : ctx.actor.tenant === 'B' ? a : [];
  return { own, foreign, all: [...a, ...b] };
}

const prefixOf = (ctx: Context, name: string): string | undefined => {
  const real = realValues(ctx, name).all[0];
  return real?.includes('_') ? real.slice(0, real.indexOf('_')) : KNOWN_PREFIXES[name];
};

/** Numbers the field's protobuf type can carry, from its edges inwards (what it cannot carry goes as raw bytes). */
function numberValue(scalar: NumberScalar): fc.Arbitrary<number> {
  if (scalar === 'double' || scalar === 'float') return fc.oneof(fc.integer({ min: -5, max: 200 }), edgeNumber);
  const [min, max] = /^(int32|sint32|sfixed32)$/.test(scalar)
    ? [-(2 ** 31), 2 ** 31 - 1]
    : /^(uint32|fixed32)$/.test(scalar)
      ? [0, 2 ** 32 - 1]
      : /^u|^fixed/.test(scalar)
        ? [0, Number.MAX_SAFE_INTEGER]
        : [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  const edges = [
    min,
    min + 1,
    -1,
    0,
    1,
    2,
    99,
    100,
    101,
    1_000,
    1_001,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 32,
    max - 1,
    max,
  ].filter((n) => n >= min && n <= max);
  return fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min: Math.max(min, -5), max: 200 }) },
    { weight: 3, arbitrary: fc.constantFrom(...edges) },
    { weight: 1, arbitrary: fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }) },
  );
}

const farDates = [
  new Date(0),
  new Date(-62135596800000),
  new Date(253402300799000),
  new Date(-1),
  new Date(4102444800000),
  new Date('1969-12-31T23:59:59.999Z'),
];

/** Any value of a field's type: plausible, other organisations' ids, nasty or huge (`small`: nothing huge, for long lists). */
function anyValue(ctx: Context, name: string, type: FieldType, depth: number, small = false): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case 'string': {
      const { all } = realValues(ctx, name);
      const plausible = fc.constantFrom(
        '',
        'en',
        'nl',
        'EUR',
        'fuzz@example.test',
        'Fuzz',
        'paid',
        'percentage',
        'checkin',
        'pay',
        '127.0.0.1',
      );
      return fc.oneof(
        { weight: 3, arbitrary: all.length ? fc.constantFrom(...all) : plausible },
        { weight: 2, arbitrary: plausible },
        { weight: 4, arbitrary: small ? fc.constantFrom(...NASTY_STRINGS.slice(0, 40)) : badString(300_000) },
      );
    }
    case 'number':
      return numberValue(type.scalar);
    case 'boolean':
      return fc.boolean();
    case 'bytes':
      return (
        small
          ? fc.uint8Array({ maxLength: 16 })
          : fc.oneof(fc.uint8Array({ maxLength: 256 }), fc.constant(new Uint8Array(2 * 1024 * 1024).fill(0x7b)))
      ).map((bytes) => Buffer.from(bytes));
    case 'timestamp':
      return fc.option(fc.oneof(fc.constantFrom(...farDates), fc.date({ noInvalidDate: true })), {
        freq: 4,
        nil: undefined,
      });
    case 'enum':
      return fc.constantFrom(...type.values, -1, 999, 2 ** 31 - 1);
    case 'message':
      return depth > 3
        ? fc.constant(undefined)
        : fc.option(messageValue(ctx, type.name, depth + 1, small), { freq: 6, nil: undefined });
    case 'list': {
      // A list holds no "absent" element: a message list's elements are messages.
      const element = (tiny: boolean) =>
        type.of.kind === 'message'
          ? messageValue(ctx, type.of.name, depth + 1, tiny)
          : anyValue(ctx, name, type.of, depth + 1, tiny);
      return fc.oneof(
        { weight: 5, arbitrary: fc.array(element(small), { maxLength: 3 }) },
        { weight: 1, arbitrary: element(true).map((item) => Array.from({ length: 1_001 }, () => item)) },
      );
    }
    case 'map':
      return fc.dictionary(anyUnicode(8), anyValue(ctx, name, type.of, depth + 1, small), { maxKeys: 3 });
  }
}

function messageValue(ctx: Context, key: string, depth: number, small = false): fc.Arbitrary<Record<string, unknown>> {
  const fields = ctx.types.messages.get(key) ?? [];
  return fc.record(
    Object.fromEntries(fields.map((field) => [field.name, anyValue(ctx, field.name, field.type, depth, small)])),
  );
}

/** A place in the request where a breaker can go: a field path (list elements as index 0). */
interface Site {
  path: (string | number)[];
  field: MessageField;
  inList: boolean;
}

function sitesOf(ctx: Context, key: string, prefix: (string | number)[] = [], depth = 0): Site[] {
  if (depth > 3) return [];
  return (ctx.types.messages.get(key) ?? []).flatMap((field): Site[] => {
    const path = [...prefix, field.name];
    if (field.type.kind === 'message') return sitesOf(ctx, field.type.name, path, depth + 1);
    if (field.type.kind === 'list' && field.type.of.kind === 'message')
      return sitesOf(ctx, field.type.of.name, [...path, 0], depth + 1);
    return [{ path, field, inList: field.type.kind === 'list' }];
  });
}

/** The values that make a field's content wrong for sure, or undefined when the fuzzer knows none for it. */
function breakerValues(
  ctx: Context,
  site: Site,
  organiserMethod: boolean,
): fc.Arbitrary<{ value: unknown; made: string }> | undefined {
  const { name, type } = site.field;
  const scalar = type.kind === 'list' ? type.of : type;
  const wrap = (value: unknown) => (site.inList ? [value] : value);
  const named = (made: string) => (value: unknown) => ({
    value: wrap(value),
    made: `${site.path.join('.')} = ${made}`,
  });
  const describe = (text: string) =>
    text.length > 40 ? `${JSON.stringify(text.slice(0, 16))}… (${text.length})` : JSON.stringify(text);
  if (scalar.kind === 'string') {
    if (isIdField(name)) {
      const { foreign, all } = realValues(ctx, name);
      const prefix = prefixOf(ctx, name);
      const options = [malformedId(all).map((value) => named(`malformed ${describe(value)}`)(value))];
      if (prefix) options.push(randomId(prefix).map((value) => named(`made up ${value}`)(value)));
      // Another organisation's real id refuses only where an organisation is named (an organiser method).
      if (organiserMethod && foreign.length)
        options.push(fc.constantFrom(...foreign).map((value) => named(`another organisation's ${value}`)(value)));
      return fc.oneof(...options);
    }
    if (CREDENTIALS.has(name))
      return fc
        .oneof(
          randomToken,
          badString(5_000).filter((value) => value.trim() !== ''),
        )
        .map((value) => named(`made up ${describe(value)}`)(value));
    if (name === 'email')
      return fc
        .constantFrom(
          '',
          ' ',
          'not-an-address',
          'a@b',
          '@example.test',
          'a@@example.test',
          `${'a'.repeat(250)}@example.test`,
          'a b@example.test',
          'a@example.test\u0000',
        )
        .map((value) => named(describe(value))(value));
    if (name === 'idempotencyKey')
      return fc
        .constantFrom('', 'short', 'has a space here', 'x'.repeat(101), 'ünïcödé-key-1234', 'key;drop-table')
        .map((value) => named(describe(value))(value));
    const max = ctx.limits.maxLength.get(name);
    if (max !== undefined)
      return fc
        .constantFrom(max + 1, max + 10, 100_001)
        .map((n) => named(`${n} characters (limit ${max})`)('x'.repeat(n)));
    return undefined;
  }
  return undefined;
}

function setAt(
  request: Record<string, unknown>,
  path: (string | number)[],
  value: unknown,
  types: ProtoTypes,
  key: string,
): Record<string, unknown> {
  const [head, ...rest] = path;
  if (rest.length === 0) return { ...request, [head as string]: value };
  const field = (types.messages.get(key) ?? []).find((candidate) => candidate.name === head)!;
  if (field.type.kind === 'list' && field.type.of.kind === 'message') {
    const list = Array.isArray(request[head as string])
      ? [...(request[head as string] as Record<string, unknown>[])]
      : [];
    const [index, ...inner] = rest as [number, ...(string | number)[]];
    list[index] = setAt(list[index] ?? {}, inner, value, types, field.type.of.name);
    return { ...request, [head as string]: list };
  }
  const nestedKey = field.type.kind === 'message' ? field.type.name : key;
  const nested = (request[head as string] as Record<string, unknown> | undefined) ?? {};
  return { ...request, [head as string]: setAt(nested, rest, value, types, nestedKey) };
}

export type GrpcArbitrary = { kind: 'cases'; arbitrary: fc.Arbitrary<GrpcCase> } | { kind: 'unfuzzable'; why: string };

/**
 * The requests of one method for one actor. A breaker put into a nested message that the noise left out makes a
 * partial message: the caller completes it with ts-proto's fromPartial before encoding.
 */
export function grpcCases(path: string, ctx: Omit<Context, 'actor'>, actor: GrpcActor): GrpcArbitrary {
  const key = ctx.types.requestOf.get(path);
  if (!key) return { kind: 'unfuzzable', why: `${path}: no request message found in proto/gen` };
  const full: Context = { ...ctx, actor };
  const fields = ctx.types.messages.get(key) ?? [];
  const organiserMethod =
    fields.some((field) => field.name === 'organisationId') || fields.some((field) => field.name === 'access');
  const sites = sitesOf(full, key)
    .map((site) => ({ site, values: breakerValues(full, site, organiserMethod) }))
    .filter((entry) => entry.values !== undefined);
  const read = isReadMethod(path);
  if (!read && sites.length === 0)
    return { kind: 'unfuzzable', why: `${path} changes data and has no field the fuzzer can make wrong for sure` };
  const noise = messageValue(full, key, 0);
  const breaker = sites.length
    ? fc.constantFrom(...sites).chain(({ site, values }) => values!.map((broken) => ({ site, ...broken })))
    : undefined;
  const withBreakers = breaker
    ? fc.tuple(noise, fc.array(breaker, { minLength: 1, maxLength: 2 })).map(([request, broken]): GrpcCase => ({
        path,
        actor: actor.name,
        request: broken.reduce((value, next) => setAt(value, next.site.path, next.value, ctx.types, key), request),
        breakers: broken.map((next) => next.made),
        made: '',
      }))
    : undefined;
  const asIs = noise.map((request): GrpcCase => ({
    path,
    actor: actor.name,
    request,
    breakers: [],
    made: 'no breaker (a read)',
  }));
  const arbitrary = !withBreakers
    ? asIs
    : read
      ? fc.oneof({ weight: 7, arbitrary: withBreakers }, { weight: 3, arbitrary: asIs })
      : withBreakers;
  return { kind: 'cases', arbitrary };
}

/** Raw request bytes: random, truncated, wrong wire types, a huge varint, an endless group. */
export const rawRequestBytes: fc.Arbitrary<{ bytes: Buffer; made: string }> = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({ bytes: Buffer.from(bytes), made: 'random bytes' })),
  fc.constant({ bytes: Buffer.from([0x0a, 0x7f, 0x41]), made: 'a length-delimited field longer than the message' }),
  fc.constant({ bytes: Buffer.from([0x0d, 0x01, 0x02, 0x03, 0x04]), made: 'field 1 as fixed32 (a string field)' }),
  fc.constant({
    bytes: Buffer.from([0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]),
    made: 'an 11-byte varint',
  }),
  fc.constant({ bytes: Buffer.from([0x0b, 0x0b, 0x0b, 0x0b]), made: 'groups that never end' }),
  fc.constant({ bytes: Buffer.from([0x0f]), made: 'wire type 7' }),
  fc.constant({ bytes: Buffer.from([0x0a, 0x02, 0xc3, 0x28]), made: 'a string that is not UTF-8' }),
  fc
    .constantFrom(...NASTY_STRINGS.slice(0, 8))
    .map((text) => ({ bytes: Buffer.from(text), made: `the bytes of ${JSON.stringify(text)}` })),
);
