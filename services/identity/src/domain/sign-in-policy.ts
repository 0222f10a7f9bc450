/**
 * The rules of e-mail sign-in. Numbers follow NIST SP 800-63B's guidance for short-lived
 * out-of-band codes: a short validity, few tries per code, and a rate limit per account.
 */
export const SIGN_IN_CODE_DIGITS = 6;
export const SIGN_IN_CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_TRIES_PER_CODE = 5;
/**
 * Failed tries an address may accumulate over 24 hours, across all its codes: once from all the client addresses its
 * owner never signed in from, and once for each client address they did (application/known-client-address.ts).
 */
export const DAILY_FAILURE_BUDGET = 20;
export const FAILURE_BUDGET_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Send limits, applied identically whether or not the address has an account; the per-address one is counted apart
 * for each client address the owner signed in from, like the failure budget.
 */
export const SEND_LIMIT_PER_ADDRESS = { limit: 5, windowSeconds: 15 * 60 } as const;
export const SEND_LIMIT_PER_IP = { limit: 30, windowSeconds: 15 * 60 } as const;

const CODE_PATTERN = new RegExp(`^\\d{${SIGN_IN_CODE_DIGITS}}$`);

/** Accepts digits typed with spaces or dashes ("123 456"), as people copy them from e-mails. */
export function normaliseCode(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

export function isWellFormedCode(code: string): boolean {
  return CODE_PATTERN.test(code);
}

/** Draws each digit uniformly from the supplied random source (a CSPRNG in production). */
export function generateCode(randomInt: (maxExclusive: number) => number): string {
  let code = '';
  for (let i = 0; i < SIGN_IN_CODE_DIGITS; i++) code += String(randomInt(10));
  return code;
}

export interface ChallengeState {
  expiresAt: Date;
  consumedAt?: Date | null;
  failedTries: number;
}

export type VerificationRefusal = 'used' | 'expired' | 'too-many-tries' | 'budget-exhausted';

/**
 * Decides, before comparing the code, whether a challenge may still be answered.
 * Returns null when a comparison may go ahead.
 */
export function refuseVerification(
  challenge: ChallengeState,
  failuresInWindow: number,
  now: Date,
): VerificationRefusal | null {
  if (challenge.consumedAt) return 'used';
  if (challenge.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (challenge.failedTries >= MAX_TRIES_PER_CODE) return 'too-many-tries';
  if (failuresInWindow >= DAILY_FAILURE_BUDGET) return 'budget-exhausted';
  return null;
}

export function codeExpiry(now: Date): Date {
  return new Date(now.getTime() + SIGN_IN_CODE_TTL_MS);
}
