// The scanner's shared reading rules: what the browser decides offline, the BFF bounds and ticketing decides with.
// One limit (ticketing's 4,096), one reference alphabet (no 0, 1, I, L, O) and one signed code shape for all three.
import fc from 'fast-check';
import {
  isSignedCodeKeyId,
  readScanInput,
  SCAN_INPUT_MAX_LENGTH,
  SIGNED_CODE_FORMAT,
  SIGNED_CODE_PREFIX,
  splitSignedCode,
} from '../../src/scan-input';
import {
  compactTicketReference,
  formatTicketReference,
  normaliseTicketReference,
  REFERENCE_ALPHABET,
  REFERENCE_INPUT_MAX_LENGTH,
  REFERENCE_LENGTH,
  REFERENCE_PATTERN,
} from '../../src/ticket-reference';

const KEY_ID = 'key_01jzq8y6c3m0v2k4r5t6w7x8zc';
const PAYLOAD = Buffer.from(
  JSON.stringify({ t: 'tkt_01jzq8y6c3m0v2k4r5t6w7x8y9', e: ['evt_01jzq8y6c3m0v2k4r5t6w7x8za'], s: 'AAECAwQFBgcI' }),
).toString('base64url');
const SIGNATURE = Buffer.alloc(64, 7).toString('base64url');
const CODE = `KT1.${KEY_ID}.${PAYLOAD}.${SIGNATURE}`;

const referenceCharacter = fc.constantFrom(...REFERENCE_ALPHABET.split(''));
const compactReference = fc
  .array(referenceCharacter, { minLength: REFERENCE_LENGTH, maxLength: REFERENCE_LENGTH })
  .map((chars) => chars.join(''));

describe('the scan input limit', () => {
  it("is ticketing's 4,096 characters", () => {
    expect(SCAN_INPUT_MAX_LENGTH).toBe(4096);
  });

  it('keeps a code of exactly the limit and refuses one character more, after trimming', () => {
    const longest = SIGNED_CODE_PREFIX.padEnd(SCAN_INPUT_MAX_LENGTH, 'a');
    expect(readScanInput(longest)).toEqual({ kind: 'code', code: longest });
    expect(readScanInput(`  ${longest}\n`)).toEqual({ kind: 'code', code: longest });
    expect(readScanInput(`${longest}a`)).toEqual({ kind: 'unreadable' });
  });

  it('is where a signed code stops being taken apart', () => {
    const padded = (length: number) =>
      `KT1.${KEY_ID}.${PAYLOAD.padEnd(length - CODE.length + PAYLOAD.length, 'A')}.${SIGNATURE}`;
    expect(padded(SCAN_INPUT_MAX_LENGTH)).toHaveLength(SCAN_INPUT_MAX_LENGTH);
    expect(splitSignedCode(padded(SCAN_INPUT_MAX_LENGTH))).not.toBeNull();
    expect(splitSignedCode(padded(SCAN_INPUT_MAX_LENGTH + 1))).toBeNull();
  });
});

describe('readScanInput', () => {
  it("reads anything with the signed code's prefix as a code, trimmed and otherwise as it is", () => {
    expect(readScanInput(CODE)).toEqual({ kind: 'code', code: CODE });
    expect(readScanInput(`  ${CODE}\n`)).toEqual({ kind: 'code', code: CODE });
    // Whether it is a well-formed, genuine code is the next step's question.
    expect(readScanInput('KT1.key_a.b.c')).toEqual({ kind: 'code', code: 'KT1.key_a.b.c' });
  });

  it('reads a reference in any case, with or without its dash and stray spaces, in its stored form', () => {
    for (const typed of [
      'K7QF-2MXA',
      'k7qf2mxa',
      'k7qf-2MXA',
      ' K7QF 2MXA ',
      'K7-QF-2M-XA',
      'K7QF--2MXA',
      '\tk7qf 2mxa\n',
    ]) {
      expect(readScanInput(typed)).toEqual({ kind: 'reference', reference: 'K7QF-2MXA' });
    }
  });

  it('calls empty input, the wrong length, foreign characters and the wrong prefix case unreadable', () => {
    for (const value of [
      '',
      '   ',
      'K7QF-2MX',
      'K7QF-2MXAB',
      'K7QF_2MXA',
      'ÄÖÜ12345',
      'kt1.key.payload.sig',
      'KT1',
      'https://example.com',
    ]) {
      expect(readScanInput(value)).toEqual({ kind: 'unreadable' });
    }
  });

  it('calls a reference with a confusable character (0, O, 1, I, L) unreadable, in either case', () => {
    for (const confusable of ['0', 'O', 'o', '1', 'I', 'i', 'L', 'l']) {
      expect(readScanInput(`K${confusable}QF-2MXA`)).toEqual({ kind: 'unreadable' });
    }
  });

  it('reads every way of typing a reference as the same reference', () => {
    fc.assert(
      fc.property(
        compactReference,
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.array(fc.constantFrom('', '-', ' '), { minLength: 9, maxLength: 9 }),
        (ref, lower, gaps) => {
          const typed =
            ref
              .split('')
              .map((char, index) => gaps[index] + (lower[index] ? char.toLowerCase() : char))
              .join('') + gaps[8];
          expect(readScanInput(typed)).toEqual({ kind: 'reference', reference: formatTicketReference(ref) });
        },
      ),
    );
  });

  it('never throws, and only ever answers one of its three kinds', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 100 }),
          fc.string({ unit: 'binary', maxLength: 100 }),
          fc.string({ minLength: 4090, maxLength: 4100 }),
        ),
        (input) => {
          const read = readScanInput(input);
          if (read.kind === 'reference') expect(read.reference).toMatch(REFERENCE_PATTERN);
          if (read.kind === 'code') expect(read.code.startsWith(SIGNED_CODE_PREFIX)).toBe(true);
        },
      ),
    );
    expect(readScanInput(undefined as unknown as string)).toEqual({ kind: 'unreadable' });
  });
});

describe('ticket references', () => {
  it('use 31 characters without 0, O, 1, I or L, eight of them shown as XXXX-XXXX', () => {
    expect(REFERENCE_ALPHABET).toHaveLength(31);
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(new Set(REFERENCE_ALPHABET).size).toBe(REFERENCE_ALPHABET.length);
    expect('K7QF-2MXA').toMatch(REFERENCE_PATTERN);
    for (const value of ['K7QF2MXA', 'k7qf-2mxa', 'K0QF-2MXA', 'K7QF-2MX', ' K7QF-2MXA'])
      expect(value).not.toMatch(REFERENCE_PATTERN);
  });

  it('are normalised to the stored form, or null when they cannot be one', () => {
    expect(normaliseTicketReference(' k7qf2mxa ')).toBe('K7QF-2MXA');
    for (const value of [
      '',
      'K7QF-2MX',
      'K7QF-2MXAB',
      'K0QF-2MXA',
      'KOQF-2MXA',
      'K1QF-2MXA',
      'KIQF-2MXA',
      'KLQF-2MXA',
      'K7QF_2MXA',
      'KT1.key_x.y.z',
    ]) {
      expect(normaliseTicketReference(value)).toBeNull();
    }
    expect(normaliseTicketReference(undefined as unknown as string)).toBeNull();
  });

  it('are read from at most 32 typed characters, padding included', () => {
    expect(REFERENCE_INPUT_MAX_LENGTH).toBe(32);
    const padded = (length: number) => `K7QF-2MXA${' '.repeat(length - 9)}`;
    expect(normaliseTicketReference(padded(REFERENCE_INPUT_MAX_LENGTH))).toBe('K7QF-2MXA');
    expect(normaliseTicketReference(padded(REFERENCE_INPUT_MAX_LENGTH + 1))).toBeNull();
  });

  it('round-trip: any reference in its stored form normalises to itself', () => {
    fc.assert(
      fc.property(compactReference, (compact) => {
        const reference = formatTicketReference(compact);
        expect(reference).toMatch(REFERENCE_PATTERN);
        expect(normaliseTicketReference(reference)).toBe(reference);
        expect(normaliseTicketReference(reference.toLowerCase())).toBe(reference);
      }),
    );
  });

  it('compact as search queries do: upper case, without spaces and dashes', () => {
    expect(compactTicketReference(' k7qf-2m ')).toBe('K7QF2M');
  });
});

describe("the signed code's shape", () => {
  it('splits a well-formed code into its key id, payload, signature and the text that was signed', () => {
    expect(SIGNED_CODE_FORMAT).toBe('KT1');
    expect(splitSignedCode(CODE)).toEqual({
      keyId: KEY_ID,
      payload: PAYLOAD,
      signature: SIGNATURE,
      signedText: `KT1.${KEY_ID}.${PAYLOAD}`,
    });
  });

  it.each([
    ['another format', `KT2.${KEY_ID}.${PAYLOAD}.${SIGNATURE}`],
    ['the format in lower case', `kt1.${KEY_ID}.${PAYLOAD}.${SIGNATURE}`],
    ['too few parts', `KT1.${KEY_ID}.${PAYLOAD}`],
    ['too many parts', `KT1.${KEY_ID}.${PAYLOAD}.${SIGNATURE}.x`],
    ['an empty payload', `KT1.${KEY_ID}..${SIGNATURE}`],
    ['an empty signature', `KT1.${KEY_ID}.${PAYLOAD}.`],
    ['a payload that is not base64url', `KT1.${KEY_ID}.${PAYLOAD}+.${SIGNATURE}`],
    ['a padded signature', `KT1.${KEY_ID}.${PAYLOAD}.${SIGNATURE}==`],
    ['a key id without its prefix', `KT1.01jzq8y6c3m0v2k4r5t6w7x8zc.${PAYLOAD}.${SIGNATURE}`],
    ['a short key id', `KT1.key_a.${PAYLOAD}.${SIGNATURE}`],
    ['a key id in upper case', `KT1.${KEY_ID.toUpperCase().replace('KEY_', 'key_')}.${PAYLOAD}.${SIGNATURE}`],
    ["spaces around it (trimming is the caller's)", ` ${CODE} `],
  ])('refuses %s', (_name, code) => {
    expect(splitSignedCode(code)).toBeNull();
  });

  it('takes key ids that are "key_" and a lower-case ULID, as ticketing makes them', () => {
    expect(isSignedCodeKeyId(KEY_ID)).toBe(true);
    for (const value of [
      'key_',
      'key_a',
      `${KEY_ID}0`,
      'key_01jzq8y6c3m0v2k4r5t6w7x8zi',
      'key_01jzq8y6c3m0v2k4r5t6w7x8zl',
      'key_01jzq8y6c3m0v2k4r5t6w7x8zo',
      'key_01jzq8y6c3m0v2k4r5t6w7x8zu',
      'tkt_01jzq8y6c3m0v2k4r5t6w7x8zc',
      42,
      undefined,
    ]) {
      expect(isSignedCodeKeyId(value)).toBe(false);
    }
  });

  it('never throws on garbage', () => {
    const part = fc.string({ unit: fc.constantFrom(...'ABCabc019-_.+/=KT'.split('')), maxLength: 60 });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.tuple(part, part, part).map((parts) => `KT1.key_${parts.join('.')}`),
        ),
        (garbage) => {
          const parts = splitSignedCode(garbage);
          if (parts) expect(`${parts.signedText}.${parts.signature}`).toBe(garbage);
        },
      ),
    );
    expect(splitSignedCode(undefined as unknown as string)).toBeNull();
  });
});
