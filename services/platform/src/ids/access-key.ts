import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A guest's capability to one order or one ticket: 128 bits from the CSPRNG, base64url (22 characters), kept apart
 * from the sortable id. Ids are ULIDs and neighbour one another within a millisecond, so an id alone must never
 * open anything; the key travels in the address (`?key=`) and is checked by the service that owns the thing.
 */
export const ACCESS_KEY_LENGTH = 22;
const ACCESS_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newAccessKey(): string {
  return randomBytes(16).toString('base64url');
}

export function isAccessKey(value: unknown): value is string {
  return typeof value === 'string' && ACCESS_KEY_PATTERN.test(value);
}

/** Whether `given` is the stored key, in constant time; false for anything that is not a key. */
export function accessKeyMatches(stored: string | null | undefined, given: unknown): boolean {
  if (!isAccessKey(stored) || !isAccessKey(given)) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(given));
}

/**
 * The query part that carries a key in a guest's link (`key=…`), for the links services make (e-mails, provider
 * return addresses). The browser's side spells the same parameter in web/src/lib/guest-access.ts.
 */
export function accessKeyQuery(key: string): string {
  return `key=${encodeURIComponent(key)}`;
}
