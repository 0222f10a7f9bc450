import pino from 'pino';

// Keys that hold secrets or personal data; their values never reach a log line.
export const REDACTED_KEYS = [
  'password',
  'token',
  'sessionToken',
  'code',
  'sealedCode',
  'secret',
  'authorization',
  'cookie',
  'email',
  // The guest's capability keys (an order's, a ticket's) and scan link secrets.
  'accessKey',
  'orderAccessKey',
  'guestAccessKey',
  'linkSecret',
] as const;

export const REDACTED = '[redacted]';
const redactedKeys: ReadonlySet<string> = new Set(REDACTED_KEYS);
/** A key of a log line's fields, and of objects up to two levels below them, is looked at. */
const DEPTH = 3;

/**
 * `fields` with the value of every REDACTED_KEYS key at the top level and up to two levels down replaced by
 * REDACTED, copied where something was replaced, so the caller's objects are never changed. Errors are turned into
 * pino's plain form first (type, message, stack and their own fields), so that their fields are looked at too.
 *
 * One walk over the keys a line has. pino's own `redact` tried every path pattern (three per key, 42 in all)
 * against every field of every line, a tenth of a gRPC call's CPU (docs/PERFORMANCE.md, "The gRPC plumbing").
 */
export function redactFields<T extends object>(fields: T): T {
  return redactValue(fields, 1) as T;
}

/**
 * `code` names a secret (a sign-in code, a ticket's code, a discount code) except where it is a status: a number (a
 * gRPC or HTTP status) or an error's own code ('ECONNREFUSED', PostgreSQL's '23505', grpc-js's 14), which an SRE
 * needs to read the line at all.
 */
const isStatusCode = (key: string, field: unknown, ofError: boolean): boolean =>
  key === 'code' && (typeof field === 'number' || (ofError && typeof field === 'string'));

function redactValue(value: unknown, depth: number): unknown {
  const ofError = value instanceof Error;
  if (ofError) value = pino.stdSerializers.err(value as Error);
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value) || value instanceof Date) return value;
  const source = value as Record<string, unknown>;
  let copy: Record<string, unknown> | unknown[] | undefined;
  for (const key of Object.keys(source)) {
    const field = source[key];
    const redacted = redactedKeys.has(key) && !isStatusCode(key, field, ofError);
    const next = redacted ? REDACTED : depth < DEPTH ? redactValue(field, depth + 1) : field;
    if (next === field) continue;
    copy ??= Array.isArray(source) ? [...(source as unknown[])] : { ...source };
    (copy as Record<string, unknown>)[key] = next;
  }
  return copy ?? value;
}

/** 'jane@example.com' → 'j***@example.com': a hint of the address when a log really needs one. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
