// Idempotency keys, made by the caller once per attempt (a checkout, a payment, a refund, a resend), so that a retry
// after a lost answer is recognised by the service instead of doing the thing twice.

export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
/** 8 to 100 characters of [A-Za-z0-9_-]. */
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(
  `^[A-Za-z0-9_-]{${IDEMPOTENCY_KEY_MIN_LENGTH},${IDEMPOTENCY_KEY_MAX_LENGTH}}$`,
);

export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value);
}

/**
 * A fresh key: 128 random bits as 32 hex digits (a dashless UUID's length). getRandomValues rather than
 * randomUUID, because randomUUID exists only in secure contexts and a shop may be opened over plain http on a LAN.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
