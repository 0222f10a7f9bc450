// Control characters are refused in every string of every request, at the two doors every request passes: the gRPC
// server (platform createGrpcServer, before any handler) and the BFF's body check (bff/server/request-body.ts), so no
// field can be forgotten. PostgreSQL cannot store NUL in text at all (an insert fails), and the other C0 controls and
// DEL have no place in a name, an address or a code. Tab, line feed and carriage return stay allowed: descriptions
// and messages have lines.
import type { FieldViolation } from './domain-errors';
import { messages } from './messages';

// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** 'discountCode' → 'Discount code', 'lines.0.name' → 'Name': the label the spec's '{0} is invalid' names. */
function labelOf(path: readonly string[]): string {
  const name = [...path].reverse().find((segment) => !/^\d+$/.test(segment)) ?? 'Value';
  const words = name.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One violation per string value that holds a control character, named by its dotted path
 * ('email', 'lines.0.name'). Bytes (webhook payloads) and dates are not text and are left alone.
 */
export function controlCharacterViolations(value: unknown): FieldViolation[] {
  const found: FieldViolation[] = [];
  const visit = (node: unknown, path: string[]): void => {
    if (typeof node === 'string') {
      if (hasControlCharacters(node)) found.push({ field: path.join('.') || 'request', message: messages.invalid(labelOf(path)) });
      return;
    }
    if (node === null || typeof node !== 'object' || node instanceof Uint8Array || node instanceof Date) return;
    if (Array.isArray(node)) {
      node.forEach((entry, index) => visit(entry, [...path, String(index)]));
      return;
    }
    // Keys are names a schema (zod, proto) knows or drops; only values can reach storage.
    for (const [key, entry] of Object.entries(node)) visit(entry, [...path, key]);
  };
  visit(value, []);
  return found;
}
