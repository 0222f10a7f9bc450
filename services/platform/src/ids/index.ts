import { randomBytes } from 'node:crypto';
import { ValidationError, messages } from '../errors';
import { ulid, ULID_PATTERN } from './ulid';

const PREFIX = /^[a-z]{2,8}$/;
const patterns = new Map<string, RegExp>();

function patternFor(prefix: string): RegExp {
  let pattern = patterns.get(prefix);
  if (!pattern) {
    if (!PREFIX.test(prefix)) throw new Error(`Invalid id prefix "${prefix}"`);
    pattern = new RegExp(`^${prefix}_${ULID_PATTERN}$`);
    patterns.set(prefix, pattern);
  }
  return pattern;
}

/** `prefix_` + a lower-case ULID: sortable by creation time, 80 random bits. */
export function newId(prefix: string): string {
  patternFor(prefix);
  return `${prefix}_${ulid()}`;
}

export function isId(prefix: string, value: unknown): value is string {
  return typeof value === 'string' && patternFor(prefix).test(value);
}

/** Throws ValidationError 'ID is invalid' on `field` unless `value` is an id with this prefix. */
export function assertId(field: string, prefix: string, value: unknown): asserts value is string {
  if (!isId(prefix, value)) throw new ValidationError([{ field, message: messages.idInvalid }]);
}

/** `bytes` bytes from the CSPRNG as base64url (43 characters for the default 32). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export { ACCESS_KEY_LENGTH, accessKeyMatches, accessKeyQuery, isAccessKey, newAccessKey } from './access-key';
