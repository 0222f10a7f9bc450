import { randomBytes } from 'node:crypto';
import { codeChallengeS256, createCodeVerifier, isValidCodeVerifier } from '../../src/domain/pkce';
import {
  LOGIN_STATE_TTL_MS,
  decideAccountLink,
  loginStateExpiry,
  refuseLoginState,
} from '../../src/domain/social-sign-in-policy';

describe('PKCE (RFC 7636)', () => {
  it('computes the S256 challenge of the RFC’s example verifier', () => {
    // RFC 7636, appendix B.
    expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes 43-character verifiers of 256 random bits, different each time', () => {
    const verifiers = new Set(Array.from({ length: 50 }, () => createCodeVerifier(randomBytes)));
    expect(verifiers.size).toBe(50);
    for (const verifier of verifiers) {
      expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(isValidCodeVerifier(verifier)).toBe(true);
    }
  });

  it.each(['', 'short', 'a'.repeat(42), 'a'.repeat(129), `${'a'.repeat(42)}+`, `${'a'.repeat(42)} `])(
    'refuses the malformed verifier %j',
    (verifier) => {
      expect(isValidCodeVerifier(verifier)).toBe(false);
      expect(() => codeChallengeS256(verifier)).toThrow('malformed');
    },
  );

  it('accepts the whole unreserved set and both length bounds', () => {
    expect(isValidCodeVerifier(`${'a'.repeat(39)}-._~`)).toBe(true);
    expect(isValidCodeVerifier('Z'.repeat(128))).toBe(true);
  });
});

describe('login state expiry and single use', () => {
  const start = new Date('2026-12-01T12:00:00Z');
  const at = (ms: number) => new Date(start.getTime() + ms);
  const fresh = { expiresAt: loginStateExpiry(start), consumedAt: null };

  it('lives ten minutes', () => {
    expect(LOGIN_STATE_TTL_MS).toBe(600_000);
    expect(fresh.expiresAt).toEqual(at(600_000));
  });

  it('is redeemable up to just before its expiry, and not at or after it', () => {
    expect(refuseLoginState(fresh, start)).toBeNull();
    expect(refuseLoginState(fresh, at(LOGIN_STATE_TTL_MS - 1))).toBeNull();
    expect(refuseLoginState(fresh, at(LOGIN_STATE_TTL_MS))).toBe('expired');
    expect(refuseLoginState(fresh, at(LOGIN_STATE_TTL_MS + 60_000))).toBe('expired');
  });

  it('is refused once used, even within its lifetime', () => {
    expect(refuseLoginState({ ...fresh, consumedAt: at(1000) }, at(2000))).toBe('used');
  });
});

describe('matching a provider identity to an account', () => {
  const identity = { subject: 'sub-1', email: 'Jane@Example.com', emailVerified: true };

  it('uses the linked user whatever the e-mail says now', () => {
    expect(decideAccountLink('usr_1', { ...identity, emailVerified: false }, null)).toEqual({
      kind: 'linked',
      userId: 'usr_1',
    });
  });

  it('links a new subject by e-mail only when the provider verified the address', () => {
    expect(decideAccountLink(null, identity, 'jane@example.com')).toEqual({
      kind: 'by-email',
      email: 'jane@example.com',
    });
    expect(decideAccountLink(null, { ...identity, emailVerified: false }, 'jane@example.com')).toEqual({
      kind: 'refused',
      reason: 'email-unverified',
    });
  });

  it('refuses a new subject without a usable address', () => {
    expect(decideAccountLink(null, { subject: 'sub-2', emailVerified: true }, null)).toEqual({
      kind: 'refused',
      reason: 'email-unverified',
    });
  });
});
