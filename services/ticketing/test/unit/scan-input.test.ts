import fc from 'fast-check';
import { Violations } from '@kassa/platform/errors';
import { readScanInput, SCAN_INPUT_MAX_LENGTH } from '@kassa/contracts/scan-input';
import { isDeviceId } from '@kassa/contracts/scan-links';
import { checkNonce, checkScanLinkName, isScanLinkSecretShape, memberDeviceName } from '../../src/domain/scan-link';

describe('what a scanner sends', () => {
  it("is a signed code when it has the code format's prefix", () => {
    expect(readScanInput('KT1.key_abc.payload.sig')).toEqual({ kind: 'code', code: 'KT1.key_abc.payload.sig' });
    expect(readScanInput('  KT1.key_abc.payload.sig\n')).toEqual({ kind: 'code', code: 'KT1.key_abc.payload.sig' });
  });

  it('is a reference in any case, with or without its dash and stray spaces', () => {
    for (const typed of ['K7QF-2MXA', 'k7qf2mxa', 'k7qf-2MXA', ' K7QF 2MXA ', 'K7-QF-2M-XA']) {
      expect(readScanInput(typed)).toEqual({ kind: 'reference', reference: 'K7QF-2MXA' });
    }
  });

  it('is unreadable when empty, too long, or neither a code nor eight reference characters (no 0, 1, I, L, O)', () => {
    for (const value of [
      '',
      '   ',
      'K7QF-2MX',
      'K7QF-2MXAB',
      'K7QF_2MXA',
      'ÄÖÜ12345',
      'kt1.key.payload.sig',
      'KT1.'.padEnd(SCAN_INPUT_MAX_LENGTH + 1, 'a'),
      'K0QF-2MXA',
      'K1QF-2MXA',
    ]) {
      expect(readScanInput(value)).toEqual({ kind: 'unreadable' });
    }
  });

  it('is a code up to the shared limit of 4,096 characters, the one the browser and the BFF keep too', () => {
    const code = 'KT1.'.padEnd(SCAN_INPUT_MAX_LENGTH, 'a');
    expect(SCAN_INPUT_MAX_LENGTH).toBe(4096);
    expect(readScanInput(code)).toEqual({ kind: 'code', code });
    expect(readScanInput(`${code}a`)).toEqual({ kind: 'unreadable' });
  });

  it('reads every way of typing a reference as the same reference', () => {
    const character = fc.constantFrom(...'ABCDEFGHJKMNPQRSTUVWXYZ23456789'.split(''));
    const reference = fc.array(character, { minLength: 8, maxLength: 8 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(
        reference,
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.array(fc.constantFrom('', '-', ' '), { minLength: 9, maxLength: 9 }),
        (ref, lower, gaps) => {
          const typed =
            ref
              .split('')
              .map((char, index) => gaps[index] + (lower[index] ? char.toLowerCase() : char))
              .join('') + gaps[8];
          return (
            JSON.stringify(readScanInput(typed)) ===
            JSON.stringify({ kind: 'reference', reference: `${ref.slice(0, 4)}-${ref.slice(4)}` })
          );
        },
      ),
    );
  });
});

describe("a scan link's name", () => {
  const check = (name: unknown) => {
    const violations = new Violations();
    const value = checkScanLinkName(violations, name);
    return { value, violations: violations.all };
  };
  it('is required and at most 80 characters, trimmed', () => {
    expect(check('  Main entrance ')).toEqual({ value: 'Main entrance', violations: [] });
    expect(check('x'.repeat(80)).violations).toEqual([]);
    expect(check('').violations).toEqual([{ field: 'name', message: 'Name is required' }]);
    expect(check('   ').violations).toEqual([{ field: 'name', message: 'Name is required' }]);
    expect(check('x'.repeat(81)).violations).toEqual([{ field: 'name', message: 'Name is too long' }]);
  });
});

describe('scanner tokens', () => {
  it('a link secret is 43 base64url characters', () => {
    expect(isScanLinkSecretShape('a'.repeat(43))).toBe(true);
    expect(isScanLinkSecretShape('A-_9'.repeat(10) + 'abc')).toBe(true);
    expect(isScanLinkSecretShape('a'.repeat(42))).toBe(false);
    expect(isScanLinkSecretShape('a'.repeat(44))).toBe(false);
    expect(isScanLinkSecretShape(`${'a'.repeat(42)}=`)).toBe(false);
  });
  it('a device id is "dev_" and a short token', () => {
    expect(isDeviceId('dev_01jz0000000000000000000001')).toBe(true);
    expect(isDeviceId('dev_ab')).toBe(false);
    expect(isDeviceId('usr_01jz0000000000000000000001')).toBe(false);
    expect(isDeviceId(`dev_${'a'.repeat(65)}`)).toBe(false);
    expect(isDeviceId(undefined)).toBe(false);
  });
  it("a member's device is named after the last four characters of its id", () => {
    expect(memberDeviceName('dev_01jz00000000000000000x7k9')).toBe('Organiser x7k9');
  });
  it('a nonce is required, at most 100 safe characters', () => {
    const check = (nonce: unknown) => {
      const violations = new Violations();
      checkNonce(violations, 'nonce', nonce);
      return violations.all;
    };
    expect(check('nce_01jz0000000000000000000001')).toEqual([]);
    expect(check('')).toEqual([{ field: 'nonce', message: 'Nonce is required' }]);
    expect(check('n'.repeat(101))).toEqual([{ field: 'nonce', message: 'Nonce is too long' }]);
    expect(check('a b')).toEqual([{ field: 'nonce', message: 'Nonce is invalid' }]);
  });
});
