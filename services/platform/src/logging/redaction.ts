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

/** pino redact paths: each key at the top level and up to two levels down, plus request headers. */
export const redactPaths: string[] = REDACTED_KEYS.flatMap((key) => [
  key,
  `*.${key}`,
  `*.*.${key}`,
  `req.headers.${key}`,
]);

/** 'jane@example.com' → 'j***@example.com': a hint of the address when a log really needs one. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
