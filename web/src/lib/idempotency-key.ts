// Idempotency keys made in the browser, once per attempt (a checkout, a refund), so that a retry after a lost answer
// is recognised by the service instead of doing the thing twice.

/** 8 to 100 characters of [A-Za-z0-9_-], as ordering and payments require. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * A fresh key: 128 random bits as 32 hex digits (a dashless UUID's length). getRandomValues rather than
 * randomUUID, because randomUUID exists only in secure contexts and a shop may be opened over plain http on a LAN.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
