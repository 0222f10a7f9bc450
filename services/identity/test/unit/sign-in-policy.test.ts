import fc from 'fast-check';
import {
  DAILY_FAILURE_BUDGET,
  MAX_TRIES_PER_CODE,
  SIGN_IN_CODE_TTL_MS,
  codeExpiry,
  generateCode,
  isWellFormedCode,
  normaliseCode,
  refuseVerification,
} from '../../src/domain/sign-in-policy';

const now = new Date('2026-11-22T10:00:00Z');
const open = { expiresAt: codeExpiry(now), consumedAt: null, failedTries: 0 };

describe('sign-in codes', () => {
  it('are six digits drawn from the random source', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 6, maxLength: 6 }), (digits) => {
        let i = 0;
        const code = generateCode(() => digits[i++] as number);
        expect(code).toBe(digits.join(''));
        expect(isWellFormedCode(code)).toBe(true);
      }),
    );
  });

  it('asks the random source for one digit at a time, bounded by 10', () => {
    const bounds: number[] = [];
    generateCode((max) => (bounds.push(max), 0));
    expect(bounds).toEqual([10, 10, 10, 10, 10, 10]);
  });

  it.each(['12345', '1234567', 'abcdef', '12 34 5', '١٢٣٤٥٦', ''])('refuses the malformed code %j', (code) => {
    expect(isWellFormedCode(normaliseCode(code))).toBe(false);
  });

  it('tolerates the spaces and dashes people paste', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('123-456')).toBe('123456');
  });

  it('expire ten minutes after they are issued', () => {
    expect(codeExpiry(now).getTime() - now.getTime()).toBe(SIGN_IN_CODE_TTL_MS);
    expect(SIGN_IN_CODE_TTL_MS).toBe(600_000);
  });
});

describe('refuseVerification', () => {
  it('lets an open challenge be answered', () => {
    expect(refuseVerification(open, 0, now)).toBeNull();
  });

  it('refuses a used code', () => {
    expect(refuseVerification({ ...open, consumedAt: now }, 0, now)).toBe('used');
  });

  it('refuses at and after the expiry instant', () => {
    expect(refuseVerification(open, 0, open.expiresAt)).toBe('expired');
    expect(refuseVerification(open, 0, new Date(open.expiresAt.getTime() + 1))).toBe('expired');
    expect(refuseVerification(open, 0, new Date(open.expiresAt.getTime() - 1))).toBeNull();
  });

  it('allows exactly five tries per code', () => {
    expect(MAX_TRIES_PER_CODE).toBe(5);
    expect(refuseVerification({ ...open, failedTries: 4 }, 4, now)).toBeNull();
    expect(refuseVerification({ ...open, failedTries: 5 }, 5, now)).toBe('too-many-tries');
  });

  it('stops every code of an address once its daily failure budget is spent', () => {
    expect(refuseVerification(open, DAILY_FAILURE_BUDGET - 1, now)).toBeNull();
    expect(refuseVerification(open, DAILY_FAILURE_BUDGET, now)).toBe('budget-exhausted');
  });

  it('reports a used code as used even when it has also expired', () => {
    expect(refuseVerification({ ...open, consumedAt: now }, 0, new Date(now.getTime() + SIGN_IN_CODE_TTL_MS * 2))).toBe(
      'used',
    );
  });
});
