// The ticket code parser reads whatever the camera sees: it must take apart a real code exactly, refuse everything
// else, and never throw on garbage.
import { readScanInput, SCAN_INPUT_MAX_LENGTH } from '@kassa/contracts/scan-input';
import fc from 'fast-check';
import { decodeBase64Url, encodeBase64Url } from '../../src/features/scanner/base64url';
import { parseSignedCode } from '../../src/features/scanner/signed-code';
import { makeCode, makeKey } from '../support/ticket-codes';

const TICKET = 'tkt_01jzq8y6c3m0v2k4r5t6w7x8y9';
const EVENT = 'evt_01jzq8y6c3m0v2k4r5t6w7x8za';
const OTHER_EVENT = 'evt_01jzq8y6c3m0v2k4r5t6w7x8zb';
const key = makeKey('key_01jzq8y6c3m0v2k4r5t6w7x8zc');

const payloadOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signature = Buffer.alloc(64, 7).toString('base64url');

describe('parseSignedCode', () => {
  it('takes a real code apart: key, ticket, events, seed, the signed text and the 64-byte signature', () => {
    const code = makeCode(key, TICKET, [EVENT, OTHER_EVENT], 'c2VlZHNlZWRz');
    const parsed = parseSignedCode(code);
    expect(parsed).toMatchObject({
      keyId: key.keyId,
      ticketId: TICKET,
      eventIds: [EVENT, OTHER_EVENT],
      seed: 'c2VlZHNlZWRz',
    });
    expect(parsed?.signedText).toBe(code.slice(0, code.lastIndexOf('.')));
    expect(parsed?.signature).toHaveLength(64);
  });

  it('accepts spaces around the code (a scanner app may add a newline)', () => {
    expect(parseSignedCode(`  ${makeCode(key, TICKET, [EVENT])}\n`)?.ticketId).toBe(TICKET);
  });

  it.each([
    ['another format', `KT2.${key.keyId}.${payloadOf({ t: TICKET, e: [EVENT], s: 'x' })}.${signature}`],
    ['a key id without its prefix', `KT1.k1.${payloadOf({ t: TICKET, e: [EVENT], s: 'x' })}.${signature}`],
    ['a key id ticketing never makes', `KT1.key_K1.${payloadOf({ t: TICKET, e: [EVENT], s: 'x' })}.${signature}`],
    ['too few parts', `KT1.${key.keyId}.${payloadOf({ t: TICKET, e: [EVENT], s: 'x' })}`],
    ['too many parts', `KT1.${key.keyId}.${payloadOf({ t: TICKET, e: [EVENT], s: 'x' })}.${signature}.x`],
    [
      'a short signature',
      `KT1.${key.keyId}.${payloadOf({ t: TICKET, e: [EVENT], s: 'x' })}.${Buffer.alloc(63).toString('base64url')}`,
    ],
    [
      'a signature that is not base64url',
      `KT1.${key.keyId}.${payloadOf({ t: TICKET, e: [EVENT], s: 'x' })}.${'+'.repeat(86)}`,
    ],
    ['a payload that is not JSON', `KT1.${key.keyId}.${Buffer.from('{t:').toString('base64url')}.${signature}`],
    ['a payload without events', `KT1.${key.keyId}.${payloadOf({ t: TICKET, e: [], s: 'x' })}.${signature}`],
    [
      'a payload with a foreign id as ticket',
      `KT1.${key.keyId}.${payloadOf({ t: 'ord_1', e: [EVENT], s: 'x' })}.${signature}`,
    ],
    ['a payload without a seed', `KT1.${key.keyId}.${payloadOf({ t: TICKET, e: [EVENT] })}.${signature}`],
    ['a JSON array payload', `KT1.${key.keyId}.${payloadOf([TICKET])}.${signature}`],
    ['a URL', 'https://example.com/?KT1.a.b.c'],
    ['an empty string', ''],
  ])('refuses %s', (_name, code) => {
    expect(parseSignedCode(code)).toBeNull();
  });

  it('reads a code up to the shared limit of 4,096 characters (a pass for many events), and nothing longer', () => {
    const events = Array.from({ length: 88 }, (_, n) => `evt_01jzq8y6c3m0v2k4r5t6w7y${String(n).padStart(3, '0')}`);
    const code = makeCode(key, TICKET, events);
    expect(code.length).toBeGreaterThan(1000);
    expect(code.length).toBeLessThanOrEqual(SCAN_INPUT_MAX_LENGTH);
    expect(parseSignedCode(code)?.eventIds).toHaveLength(88);
    expect(
      parseSignedCode(makeCode(key, TICKET, [...events, `evt_01jzq8y6c3m0v2k4r5t6w7y${'9'.repeat(3)}`])),
    ).toBeNull();
  });

  it('refuses anything that is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['KT1']]) expect(parseSignedCode(value)).toBeNull();
  });

  it('never throws on garbage, and anything it accepts has the shape of a code', () => {
    const part = fc.string({ unit: fc.constantFrom(...'ABCabc019-_.+/=KT{}"'.split('')), maxLength: 120 });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.tuple(part, part, part).map((parts) => `KT1.key_${parts.join('.')}`),
        ),
        (garbage) => {
          const parsed = parseSignedCode(garbage);
          if (parsed !== null) {
            expect(parsed.signature).toHaveLength(64);
            expect(parsed.ticketId.startsWith('tkt_')).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never throws on well-formed envelopes around arbitrary JSON payloads', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(() => parseSignedCode(`KT1.${key.keyId}.${payloadOf(value)}.${signature}`)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});

describe('base64url', () => {
  it('round-trips any bytes, as Node encodes them', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = encodeBase64Url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64url'));
        expect(Array.from(decodeBase64Url(text) ?? [])).toEqual(Array.from(bytes));
      }),
    );
  });

  it('refuses padding, foreign characters, impossible lengths and non-canonical endings', () => {
    for (const text of ['QQ==', 'a+b/', 'A', 'QR']) expect(decodeBase64Url(text)).toBeNull();
  });
});

describe('readScanInput (what the camera read or someone typed)', () => {
  it('keeps a signed code as it is', () => {
    expect(readScanInput(' KT1.key_a.b.c ')).toEqual({ kind: 'code', code: 'KT1.key_a.b.c' });
  });

  it('reads a reference in any case, with or without the dash or spaces', () => {
    for (const typed of ['K7QF-2MXA', 'k7qf2mxa', ' k7qf 2mxa ', 'K7QF--2MXA']) {
      expect(readScanInput(typed)).toEqual({ kind: 'reference', reference: 'K7QF-2MXA' });
    }
  });

  it('calls anything else unreadable, including references with 0, 1, I, L or O (ticketing never issues them)', () => {
    for (const typed of [
      '',
      '   ',
      'K7QF-2MX',
      'K7QF-2MXA1',
      'https://example.com',
      'x'.repeat(1001),
      'K0QF-2MXA',
      'KOQF-2MXA',
      'K1QF-2MXA',
      'KIQF-2MXA',
      'KLQF-2MXA',
    ]) {
      expect(readScanInput(typed)).toEqual({ kind: 'unreadable' });
    }
  });

  it("keeps codes up to ticketing's limit of 4,096 characters, as the service reads them", () => {
    const longest = 'KT1.'.padEnd(SCAN_INPUT_MAX_LENGTH, 'a');
    expect(readScanInput(longest)).toEqual({ kind: 'code', code: longest });
    expect(readScanInput(`${longest}a`)).toEqual({ kind: 'unreadable' });
  });
});
