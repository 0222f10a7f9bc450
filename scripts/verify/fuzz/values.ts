// The fuzzer's bad values, as fast-check arbitraries: strings that break parsers and limits (unicode of every kind,
// control characters, lone surrogates, path tricks, markup, SQL, huge), numbers at and past every edge, ids that
// look almost right, and JSON of every type. Pure: no I/O, so the shapes are unit tested.
import fc from 'fast-check';

/** Strings every layer must survive: blank, control characters, markup, SQL, paths, format strings and more. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   ',
  '\t',
  '\n',
  '\r\n',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u00a0',
  '\u200b',
  '\u200e\u200f',
  '\u202e' + 'gpj.exe',
  '\ufeff',
  '\ufffd',
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\ud83d\ude00',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗̻̓',
  'ﷺ',
  'مرحبا بالعالم',
  'שלום',
  '𝕳𝖊𝖑𝖑𝖔',
  'ＡＢＣ',
  'İıŞş',
  'ß',
  'ǅ',
  '\u2028\u2029',
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-1',
  '[]',
  '{}',
  '{"a":1}',
  '__proto__',
  'constructor',
  'prototype',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  "'; drop table users; --",
  '%s%s%n%x',
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '..%2F..%2F',
  '%00',
  '%zz',
  '%',
  '/',
  '\\',
  '?',
  '#',
  '&',
  '=',
  '+',
  '~',
  'x'.repeat(257),
  'é'.repeat(300),
  '😀'.repeat(200),
];

/** Unicode of any plane, lone surrogates included (fast-check's 'binary' unit), up to `maxLength` units. */
export const anyUnicode = (maxLength = 40): fc.Arbitrary<string> => fc.string({ unit: 'binary', maxLength });

/** A huge string: a repeated unit, from one over a typical limit to about `maxChars`. */
export const hugeString = (maxChars = 200_000): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom('a', 'é', '😀', ' ', '\u0000', '<'),
      fc.integer({ min: Math.min(1_001, maxChars), max: maxChars }),
    )
    .map(([unit, n]) => unit.repeat(Math.max(1, Math.floor(n / unit.length))));

export const badString = (maxHuge = 200_000): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 3, arbitrary: anyUnicode() },
    { weight: 1, arbitrary: hugeString(maxHuge) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  );

/** Numbers at the edges of every integer type JSON or protobuf has, and numbers that are not whole. */
export const EDGE_NUMBERS: readonly number[] = [
  0,
  -0,
  1,
  -1,
  2,
  99,
  100,
  101,
  255,
  256,
  1_000,
  1_001,
  65_535,
  65_536,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  0.5,
  1.5,
  -0.5,
  99.999,
  1e-7,
];

export const edgeNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Any JSON value, nested a little, with nasty strings and edge numbers in it. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    edgeNumber,
    fc.constantFrom(...NASTY_STRINGS),
    anyUnicode(12),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'a', ''), anyUnicode(8)),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

/** A value that is not what a field of this JSON type holds. */
export function wrongTypeFor(value: unknown): fc.Arbitrary<unknown> {
  const all: Record<string, unknown[]> = {
    string: [42, -1, 0, true, false, null, [], ['x'], {}, { a: 'b' }],
    number: ['12', '1e3', '', 'NaN', true, null, [1], {}, { value: 1 }],
    boolean: ['true', 'false', 1, 0, null, [true], {}],
    object: [[], 'x', 1, true, null, [{}]],
    array: [{}, 'x', 1, true, null, { 0: 'a', length: 1 }],
    null: [0, '', false, {}, []],
  };
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return fc.constantFrom(...(all[type] ?? all.null!));
}

// ---- ids -------------------------------------------------------------------------------------------------------------

const ULID_CHARS = '0123456789abcdefghjkmnpqrstvwxyz';

/** A well-formed id of `prefix` that nobody made: prefix_ + 26 lower-case Crockford base32 characters. */
export const randomId = (prefix: string): fc.Arbitrary<string> =>
  fc
    .array(fc.constantFrom(...ULID_CHARS), { minLength: 26, maxLength: 26 })
    .map((chars) => `${prefix}_${chars.join('')}`);

/** An opaque secret of the shape the platform makes (32 random bytes as base64url), but one nobody made. */
export const randomToken: fc.Arbitrary<string> = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => Buffer.from(bytes).toString('base64url'));

/** Near misses of a real id: the wrong case, a character more or less, padding, another prefix, an encoded copy. */
export function almostId(real: string): fc.Arbitrary<string> {
  const underscore = real.indexOf('_');
  return fc.constantFrom(
    real.toUpperCase(),
    `${real}x`,
    real.slice(0, -1),
    ` ${real}`,
    `${real} `,
    `${real}\u0000`,
    `${real}/`,
    `${real};`,
    underscore > 0 ? `zzz${real.slice(underscore)}` : `x${real}`,
    underscore > 0 ? real.slice(underscore + 1) : `${real}${real}`,
    real.replace(/[0-9]/, 'I'),
    `${real},${real}`,
    real.split('').reverse().join(''),
  );
}

/** A malformed value for an id field: never well formed, often almost. */
export function malformedId(reals: readonly string[]): fc.Arbitrary<string> {
  const near = reals.length > 0 ? [almostId(reals[0]!), fc.constantFrom(...reals).chain(almostId)] : [];
  return fc.oneof(...near, badString(10_000)).filter((value) => !reals.includes(value));
}

// ---- URLs ------------------------------------------------------------------------------------------------------------

/**
 * Percent-encodes every byte of the string's UTF-8 but the unreserved ones (a lone surrogate becomes U+FFFD's bytes,
 * as a browser sends it); unlike encodeURIComponent this never throws.
 */
export function percentEncode(value: string): string {
  let encoded = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/**
 * A path segment the URL parser would resolve away ("." or "..", percent-encoded or not): fetch sends the resolved
 * path, so such a "value" would reach another route, possibly a valid request. The fuzzer never sends one.
 */
export function isDotSegment(rawSegment: string): boolean {
  return ['.', '..', '%2e', '.%2e', '%2e.', '%2e%2e'].includes(rawSegment.toLowerCase());
}

/** Raw path segments with broken percent-encoding (sent as they are, not encoded again). */
export const RAW_SEGMENTS: readonly string[] = [
  '%',
  '%zz',
  '%c0%af',
  '%ff',
  '%e0%a4%a',
  '%00',
  '%2e%2e%2f',
  '%2F',
  '%5C..%5C',
  '..%00',
  '%252e%252e',
  '%u002e',
];
