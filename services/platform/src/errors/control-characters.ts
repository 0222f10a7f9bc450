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

/**
 * The label of a field for the spec's '{0} is invalid', from its name: 'discountCode' → 'Discount code',
 * 'display_name' → 'Display name', 'ticketOptionId' → 'Ticket option ID'. An element of a list is named in the
 * singular ('itemIds' → 'Item ID').
 */
export function fieldLabel(name: string, element = false): string {
  const singular = element ? name.replace(/s$/, '') : name;
  const words = singular
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim()
    .replace(/\bid\b/g, 'ID');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Value';
}

/** The label of the field at a dotted path: 'lines.0.name' → 'Name', 'itemIds.0' → 'Item ID'. */
function labelOf(path: readonly string[]): string {
  const last = path.length - 1;
  if (last < 0) return fieldLabel('');
  if (/^\d+$/.test(path[last]!)) return last > 0 ? fieldLabel(path[last - 1]!, true) : fieldLabel('');
  return fieldLabel(path[last]!);
}

/**
 * One violation per string value that holds a control character, named by its dotted path
 * ('email', 'lines.0.name'). Bytes (webhook payloads) and dates are not text and are left alone.
 */
export function controlCharacterViolations(value: unknown): FieldViolation[] {
  const found: FieldViolation[] = [];
  // A loop, not recursion: a body may be nested ten thousand levels deep and must not overflow the stack. Each
  // node keeps a link to its parent's path, spelled out only for a string that is refused.
  type Path = { key: string; parent: Path | undefined } | undefined;
  const spelled = (path: Path): string[] => {
    const keys: string[] = [];
    for (let at = path; at; at = at.parent) keys.push(at.key);
    return keys.reverse();
  };
  const pending: [unknown, Path][] = [[value, undefined]];
  while (pending.length > 0) {
    const [node, path] = pending.pop()!;
    if (typeof node === 'string') {
      if (!hasControlCharacters(node)) continue;
      const keys = spelled(path);
      found.push({ field: keys.join('.') || 'request', message: messages.invalid(labelOf(keys)) });
      continue;
    }
    if (node === null || typeof node !== 'object' || node instanceof Uint8Array || node instanceof Date) continue;
    // Keys are names a schema (zod, proto) knows or drops; only values can reach storage.
    const entries: [string, unknown][] = Array.isArray(node)
      ? node.map((entry, index) => [String(index), entry])
      : Object.entries(node);
    for (let index = entries.length - 1; index >= 0; index--)
      pending.push([entries[index]![1], { key: entries[index]![0], parent: path }]);
  }
  return found;
}
