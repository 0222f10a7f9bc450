// JSON bodies for a route that checks its body with a zod schema: a valid template bent by one to three mutations
// (a field removed, null, another type, a limit and one past it, unicode, huge, deep, an extra field), or a whole
// body that is no object at all, not JSON, oversized or sent as another content type. The schema itself is the
// oracle: the body the BFF would see (unparsable JSON counts as {}) is invalid exactly when the schema refuses it,
// so a request meant to be refused can be told from one that would be carried out. Limits are found by asking the
// schema (the longest string, the largest and smallest number it takes), not written down here.
import fc from 'fast-check';
import { anyJson, anyUnicode, badString, edgeNumber, NASTY_STRINGS, wrongTypeFor } from './values';

/** What the fuzzer needs of a zod schema. */
export interface Oracle {
  safeParse(value: unknown): { success: boolean };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonPath = (string | number)[];

export interface JsonBody {
  /** The bytes sent (as text; a Buffer when they are not UTF-8). */
  payload: string | Buffer;
  contentType: string;
  /** A short account of how it was made, for the findings. */
  made: string;
}

/** The values the BFF may see for a payload: JSON.parse of it (with and without a BOM), {} when unparsable or not an object. */
export function bodyInterpretations(payload: string | Buffer): unknown[] {
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  const texts = text.startsWith('\ufeff') ? [text, text.slice(1)] : [text];
  return texts.map((candidate) => {
    try {
      const value = JSON.parse(candidate) as unknown;
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
    } catch {
      return {};
    }
  });
}

/** True when the route refuses this body whichever way it is read: the schema fails, or it is over the size limit. */
export function isRefusedBody(oracle: Oracle, body: JsonBody, limitBytes?: number): boolean {
  if (limitBytes !== undefined && Buffer.byteLength(body.payload) > limitBytes) return true;
  return bodyInterpretations(body.payload).every((value) => !oracle.safeParse(value).success);
}

// ---- paths in a JSON value -----------------------------------------------------------------------------------------

export function valueAt(value: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
}

/** A copy of `value` with the node at `path` replaced (or removed, with `remove`). */
export function withValueAt(value: unknown, path: JsonPath, replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && remove) copy.splice(head as number, 1);
    else copy[head as number] = withValueAt(copy[head as number], rest, replacement, remove);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(typeof value === 'object' && value !== null ? value : {}) };
  if (rest.length === 0 && remove) delete copy[head as string];
  // defineProperty: a key such as "__proto__" becomes a member, as JSON.parse makes it, not the prototype.
  else
    Object.defineProperty(copy, head as string, {
      value: withValueAt(copy[head as string], rest, replacement, remove),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

/** Every node's path (the root excluded): object members and array elements, depth first. */
export function nodePaths(value: unknown, prefix: JsonPath = []): JsonPath[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => [[...prefix, index], ...nodePaths(item, [...prefix, index])]);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...nodePaths(item, [...prefix, key])]);
  return [];
}

// ---- limits, found by asking the schema ------------------------------------------------------------------------------

export interface FieldLimits {
  /** Path (dotted) → the longest string the schema takes there, when appending makes it fail at some length. */
  maxLength: Map<string, number>;
  /** Path → the smallest and largest number it takes there (each only when there is one below 2^53). */
  minNumber: Map<string, number>;
  maxNumber: Map<string, number>;
  /** Path → the most elements an array there may have (by repeating its first element). */
  maxItems: Map<string, number>;
}

const SEARCH_CEILING = 2 ** 20;

/** The largest n in [from, ceiling] with accepts(n), given accepts(from) and that accepts is monotone; undefined if none fails. */
function largestAccepted(accepts: (n: number) => boolean, from: number, ceiling: number): number | undefined {
  let good = from;
  let step = 1;
  while (good + step <= ceiling && accepts(good + step)) {
    good += step;
    step *= 2;
  }
  if (good + step > ceiling && accepts(ceiling)) return undefined;
  let bad = Math.min(good + step, ceiling);
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (accepts(middle)) good = middle;
    else bad = middle;
  }
  return good;
}

export function findLimits(oracle: Oracle, template: unknown): FieldLimits {
  const limits: FieldLimits = { maxLength: new Map(), minNumber: new Map(), maxNumber: new Map(), maxItems: new Map() };
  if (!oracle.safeParse(template).success) throw new Error(`the template is not valid: ${JSON.stringify(template)}`);
  const accepts = (path: JsonPath, replacement: unknown) =>
    oracle.safeParse(withValueAt(template, path, replacement)).success;
  for (const path of nodePaths(template)) {
    const key = path.join('.');
    const value = valueAt(template, path);
    if (typeof value === 'string') {
      // Only a length limit: a text that takes no character more (a country code, a locale) has a pattern instead.
      const max = largestAccepted(
        (n) => accepts(path, value + 'a'.repeat(n - value.length)),
        value.length,
        SEARCH_CEILING,
      );
      if (max !== undefined && max > value.length) limits.maxLength.set(key, max);
    } else if (typeof value === 'number' && Number.isInteger(value)) {
      const max = largestAccepted((n) => accepts(path, n), value, Number.MAX_SAFE_INTEGER);
      if (max !== undefined) limits.maxNumber.set(key, max);
      const negativeMin = largestAccepted((n) => accepts(path, -n), -value, Number.MAX_SAFE_INTEGER);
      if (negativeMin !== undefined) limits.minNumber.set(key, -negativeMin);
    } else if (Array.isArray(value) && value.length > 0) {
      const max = largestAccepted(
        (n) =>
          accepts(
            path,
            Array.from({ length: n }, () => value[0]),
          ),
        value.length,
        4_096,
      );
      if (max !== undefined) limits.maxItems.set(key, max);
    }
  }
  return limits;
}

// ---- mutations ---------------------------------------------------------------------------------------------------------

/** One change to a template at one node, with what it did. */
interface Mutation {
  apply(value: unknown): unknown;
  made: string;
}

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'organisationId',
  'userId',
  'id',
  'status',
  'isAdmin',
  'permissions',
  'actorUserId',
  '',
  ' ',
  '$where',
  'a.b',
];

function mutationsAt(template: unknown, path: JsonPath, limits: FieldLimits): fc.Arbitrary<Mutation> {
  const key = path.join('.');
  const value = valueAt(template, path);
  const set =
    (made: string) =>
    (replacement: unknown): Mutation => ({
      apply: (root) => withValueAt(root, path, replacement),
      made: `${key} = ${made}`,
    });
  const options: fc.Arbitrary<Mutation>[] = [
    fc.constant({ apply: (root: unknown) => withValueAt(root, path, undefined, true), made: `${key} removed` }),
    fc.constant(set('null')(null)),
    wrongTypeFor(value).map((wrong) => set(`${JSON.stringify(wrong)} (another type)`)(wrong)),
  ];
  if (typeof value === 'string') {
    const max = limits.maxLength.get(key);
    if (max !== undefined) {
      // The limit itself and one past it: the first is fine on its own, the second never.
      options.push(
        fc
          .constantFrom(max, max + 1)
          .map((n) =>
            set(`${n} characters${n > max ? ' (limit + 1)' : ' (the limit)'}`)((value + 'a'.repeat(n)).slice(0, n)),
          ),
      );
      options.push(fc.constant(set(`${max + 1} × 'é' (limit + 1, multi-byte)`)('é'.repeat(max + 1))));
    }
    options.push(badString(300_000).map((bad) => set(describe(bad))(bad)));
    options.push(anyUnicode(60).map((text) => set(describe(text))(`${value}${text}`)));
  } else if (typeof value === 'number') {
    const min = limits.minNumber.get(key);
    const max = limits.maxNumber.get(key);
    const edges = [...(min !== undefined ? [min, min - 1] : []), ...(max !== undefined ? [max, max + 1] : [])];
    if (edges.length > 0) options.push(fc.constantFrom(...edges).map((n) => set(`${n} (at or past the limit)`)(n)));
    options.push(edgeNumber.map((n) => set(String(n))(n)));
  } else if (Array.isArray(value)) {
    const max = limits.maxItems.get(key);
    if (max !== undefined && value.length > 0)
      options.push(
        fc.constant(set(`${max + 1} elements (limit + 1)`)(Array.from({ length: max + 1 }, () => value[0]))),
      );
    options.push(fc.constant(set('[]')([])));
    options.push(
      fc.array(anyJson, { maxLength: 3 }).map((items) => set(`${JSON.stringify(items).slice(0, 60)}`)(items)),
    );
  } else if (typeof value === 'object' && value !== null) {
    options.push(
      fc.tuple(fc.constantFrom(...EXTRA_KEYS), anyJson).map(([extra, junk]) => ({
        apply: (root: unknown) => withValueAt(root, [...path, extra], junk),
        made: `${key}.${JSON.stringify(extra)} added`,
      })),
    );
  }
  return fc.oneof(...options);
}

const describe = (text: string) =>
  text.length > 40 ? `${JSON.stringify(text.slice(0, 12))}… (${text.length} characters)` : JSON.stringify(text);

/** A template with one to three mutations, and sometimes an extra member at the top. */
export function mutatedTemplate(
  template: unknown,
  limits: FieldLimits,
): fc.Arbitrary<{ value: unknown; made: string }> {
  const paths = nodePaths(template);
  const mutation = fc.constantFrom(...paths).chain((path) => mutationsAt(template, path, limits));
  const extra = fc.tuple(fc.constantFrom(...EXTRA_KEYS), anyJson).map(([key, junk]): Mutation => ({
    apply: (root) => withValueAt(root, [key], junk),
    made: `${JSON.stringify(key)} added`,
  }));
  return fc
    .tuple(fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.option(extra, { freq: 4 }))
    .map(([mutations, added]) => {
      const all = added ? [...mutations, added] : mutations;
      return {
        value: all.reduce((value, next) => next.apply(value), template),
        made: all.map((next) => next.made).join('; '),
      };
    });
}

/** Text for a JSON value nested `depth` levels deep, built without recursion. */
export const deeplyNested = (depth: number): string => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** Bodies that are not what any route takes: no object, not JSON, a byte mess, nested deep, or 2 MB. */
export function wholeBodies(template: unknown): fc.Arbitrary<JsonBody> {
  const json = (payload: string, made: string): JsonBody => ({ payload, contentType: 'application/json', made });
  const valid = JSON.stringify(template);
  const firstKey = JSON.stringify(Object.keys(template as object)[0] ?? 'a');
  return fc.oneof(
    // The same member twice (JSON.parse keeps the last): a wrong value after the right one, and before it.
    fc
      .constantFrom(
        `${valid.slice(0, -1)},${firstKey}:null}`,
        `{${firstKey}:[],${valid.slice(1)}`,
        `${valid.slice(0, -1)},${firstKey}:${valid}}`,
      )
      .map((text) => json(text, `${firstKey} twice`)),
    anyJson
      .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))
      .map((value) => json(JSON.stringify(value), `a body of ${JSON.stringify(value).slice(0, 40)}`)),
    fc
      .constantFrom(
        '',
        '{',
        '{"a":',
        '{"a":1,}',
        "{'a':1}",
        'undefined',
        'NaN',
        '[1,2',
        '{"a":1}{"b":2}',
        `${valid.slice(0, -1)}`,
        '\u0000',
        '{"\ud800":1}',
      )
      .map((text) => json(text, `invalid JSON ${JSON.stringify(text.slice(0, 20))}`)),
    fc.constant(json(`{"a":${deeplyNested(10_000)}}`, 'nested 10,000 levels deep')),
    fc.constant(json(`{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`, 'a 2 MB body')),
    fc.constant(json(`{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`, '20,000 members')),
    fc.constant(json(`{"n":123456789012345678901234567890123456789,"m":-1e999}`, 'numbers past every precision')),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes): JsonBody => ({
      payload: Buffer.concat([Buffer.from('{"a":"'), Buffer.from(bytes), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
      contentType: 'application/json',
      made: 'bytes that are not UTF-8',
    })),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        '',
        'application/json; charset=utf-16',
      )
      .map((contentType): JsonBody => ({
        payload: contentType.includes('urlencoded') ? 'a=1&a=2&b[c]=3' : valid,
        contentType,
        made: `the template as ${contentType || 'no content type'}`,
      })),
    fc
      .constantFrom(...NASTY_STRINGS.slice(0, 12))
      .map((text) => json(JSON.stringify(text), `a string body ${JSON.stringify(text)}`)),
  );
}

/** Any body for a route with this template: mostly mutated templates, sometimes a whole-body oddity. */
export function jsonBodies(template: unknown, limits: FieldLimits): fc.Arbitrary<JsonBody> {
  return fc.oneof(
    {
      weight: 7,
      arbitrary: mutatedTemplate(template, limits).map(({ value, made }): JsonBody => ({
        payload: JSON.stringify(value) ?? '',
        contentType: 'application/json',
        made,
      })),
    },
    { weight: 2, arbitrary: wholeBodies(template) },
    {
      weight: 1,
      arbitrary: fc.constant<JsonBody>({
        payload: JSON.stringify(template),
        contentType: 'application/json',
        made: 'the valid template',
      }),
    },
  );
}

export type { Json };
