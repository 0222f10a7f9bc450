import fc from 'fast-check';
import { normaliseTicketReference, REFERENCE_ALPHABET, REFERENCE_PATTERN } from '@kassa/contracts/ticket-reference';
import { compactReferenceQuery, generateTicketReference } from '../../src/domain/ticket-reference';

const DISPLAY = new RegExp(`^[${REFERENCE_ALPHABET}]{4}-[${REFERENCE_ALPHABET}]{4}$`);

describe('ticket references', () => {
  it('are eight characters shown as XXXX-XXXX, from an alphabet without 0, O, 1, I or L', () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    for (let i = 0; i < 500; i += 1) expect(generateTicketReference()).toMatch(DISPLAY);
  });

  it('are drawn in the shared form that the browser reads back too', () => {
    for (let i = 0; i < 500; i += 1) {
      const reference = generateTicketReference();
      expect(reference).toMatch(REFERENCE_PATTERN);
      expect(normaliseTicketReference(reference.toLowerCase())).toBe(reference);
    }
  });

  it('use every character of the alphabet and skip the bytes that would bias it', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i += 1) for (const char of generateTicketReference().replace('-', '')) seen.add(char);
    expect(seen.size).toBe(REFERENCE_ALPHABET.length);
    // 248 and above would favour the first characters (256 = 8 × 31 + 8): they are dropped.
    const bytes = [255, 248, 0, 1, 2, 3, 4, 5, 6, 7, 30, 31];
    expect(generateTicketReference(() => Uint8Array.from(bytes))).toBe('2345-6789');
  });

  it('read back in any case, with or without the dash and spaces', () => {
    fc.assert(
      fc.property(
        fc.constant(null).map(() => generateTicketReference()),
        fc.boolean(),
        fc.boolean(),
        (reference, lower, dash) => {
          let typed = dash ? reference : reference.replace('-', '');
          if (lower) typed = typed.toLowerCase();
          expect(normaliseTicketReference(` ${typed} `)).toBe(reference);
        },
      ),
    );
  });

  it('refuse what cannot be a reference, without throwing on anything', () => {
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
    fc.assert(
      fc.property(fc.string({ maxLength: 64 }), (input) => {
        expect(() => normaliseTicketReference(input)).not.toThrow();
      }),
    );
    expect(normaliseTicketReference(undefined as unknown as string)).toBeNull();
  });

  it('compact a search query like the stored forms without their dash', () => {
    expect(compactReferenceQuery(' k7qf-2m ')).toBe('K7QF2M');
  });
});
