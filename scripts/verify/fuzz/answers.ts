// What a refusal may say. The catalogue is read from the code: every sentence-like string literal and template in the
// services, the platform, the BFF's server code and route handlers and the web rules the BFF checks with, plus the
// specification's validation patterns ('{0} is required', 'Minimum value is {0}', …) with any label the code uses.
// A message outside it, or one showing a stack trace, a file path, SQL or a JavaScript error, is a finding.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldLabel } from '@kassa/platform/errors';

export interface MessageCatalogue {
  literals: Set<string>;
  templates: RegExp[];
}

const repoRoot = join(__dirname, '..', '..', '..');

/** Where the messages a client can see are written (tests and generated code left out). */
export const MESSAGE_SOURCE_DIRS = [
  'contracts/src',
  'services/identity/src',
  'services/catalog/src',
  'services/ordering/src',
  'services/payments/src',
  'services/ticketing/src',
  'services/notifications/src',
  'services/platform/src',
  'bff/server',
  'bff/app',
  'web/src/lib',
  'web/src/components/ui',
];

/**
 * Said by grpc-js itself, not by our code, for the transport's own refusals (a message over the 4 MB limit); the
 * fuzzer meets them with its huge requests. Kept here, short and explained, rather than hidden.
 */
const TRANSPORT_MESSAGES = [/^Received message larger than max \(\d+ vs\. \d+\)$/];

/** A literal or template text that reads like a message: starts with a capital, one line, not too long. */
const looksLikeMessage = (text: string) =>
  /^[A-Z][^\n]{1,199}$/.test(text) && (text.includes(' ') || /^[A-Z][a-z]+\.?$/.test(text));

/** Where a template literal had a `${…}`. */
const HOLE = '\u0000';

/** Each string literal and template literal of a TypeScript source, templates with `${…}` replaced by HOLE. */
export function stringLiterals(source: string): string[] {
  const found: string[] = [];
  let i = 0;
  const readQuoted = (quote: string): string => {
    let text = '';
    i += 1;
    while (i < source.length && source[i] !== quote && source[i] !== '\n') {
      if (source[i] === '\\') {
        const next = source[i + 1] ?? '';
        text += next === 'n' ? '\n' : next === 't' ? '\t' : next;
        i += 2;
      } else text += source[i++];
    }
    i += 1;
    return text;
  };
  const readTemplate = (): string => {
    let text = '';
    i += 1;
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        text += source[i + 1] ?? '';
        i += 2;
      } else if (source[i] === '$' && source[i + 1] === '{') {
        // Skip the expression, which may hold strings, templates and braces of its own.
        let depth = 1;
        i += 2;
        while (i < source.length && depth > 0) {
          const char = source[i]!;
          if (char === '{') depth += 1;
          else if (char === '}') depth -= 1;
          else if (char === "'" || char === '"') {
            readQuoted(char);
            continue;
          } else if (char === '`') {
            readTemplate();
            continue;
          }
          i += 1;
        }
        text += HOLE;
      } else text += source[i++];
    }
    i += 1;
    return text;
  };
  while (i < source.length) {
    const char = source[i]!;
    if (char === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i += 1;
    } else if (char === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
    } else if (char === "'" || char === '"') found.push(readQuoted(char));
    else if (char === '`') found.push(readTemplate());
    else i += 1;
  }
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function catalogueFromSources(sources: readonly string[]): MessageCatalogue {
  const literals = new Set<string>();
  const templates: RegExp[] = [];
  for (const source of sources) {
    for (const text of stringLiterals(source)) {
      if (!looksLikeMessage(text.split(HOLE).join('x'))) continue;
      if (!text.includes(HOLE)) {
        literals.add(text);
        continue;
      }
      // A template names a value or two; the words around them must be ours (at least 8 characters of them).
      const parts = text.split(HOLE);
      if (parts.join('').trim().length < 8 || parts[0] === '') continue;
      templates.push(new RegExp(`^${parts.map(escapeRegExp).join('[^\\n]{0,200}?')}$`, 'u'));
    }
  }
  return { literals, templates };
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'test' ? [] : sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [readFileSync(path, 'utf8')] : [];
  });
}

export function readMessageCatalogue(root = repoRoot): MessageCatalogue {
  return catalogueFromSources(MESSAGE_SOURCE_DIRS.flatMap((dir) => sourcesUnder(join(root, dir))));
}

/**
 * The labels the platform makes from field names (platform errors fieldLabel), for the control characters it refuses
 * in any field: 'displayName' → 'Display name', an element of 'itemIds' → 'Item ID'. Added for the given names.
 */
export function withFieldLabels(catalogue: MessageCatalogue, names: Iterable<string>): MessageCatalogue {
  const literals = new Set(catalogue.literals);
  for (const name of names) {
    literals.add(fieldLabel(name));
    literals.add(fieldLabel(name, true));
  }
  return { ...catalogue, literals };
}

/** The specification's rule messages (§5), each with a label the code uses ('Email is required', 'Minimum value is 1'). */
const RULE = /^(.{1,60}) (is required|is invalid|is too long|must not be empty)$/u;

export function isKnownMessage(catalogue: MessageCatalogue, message: string): boolean {
  if (catalogue.literals.has(message)) return true;
  const rule = RULE.exec(message);
  if (rule && catalogue.literals.has(rule[1]!)) return true;
  if (/^Minimum value is -?\d+$/.test(message) || /^At least \d+ items are required$/.test(message)) return true;
  if (TRANSPORT_MESSAGES.some((pattern) => pattern.test(message))) return true;
  return catalogue.templates.some((pattern) => pattern.test(message));
}

/** Signs that an answer shows the platform's insides: a stack trace, a path on disk, SQL, a JavaScript error. */
const INTERNALS: [string, RegExp][] = [
  ['a stack frame', /\bat (?:async )?[\w$.<>[\] ]+ \([^)]*:\d+:\d+\)|\n\s+at [^\n]+:\d+:\d+/],
  ['a file path', /(?:\/work\/|\/home\/|\/usr\/lib|node_modules|webpack-internal|\.next\/server|[\w-]+\.[jt]sx?:\d+)/],
  [
    'SQL',
    /\b(?:select [^\n]{0,80} from|insert into|update [\w"]+ set|delete from|syntax error at or near|violates [\w ]+constraint|duplicate key value|relation "[^"]+")/i,
  ],
  [
    'a JavaScript error',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|Cannot read propert|is not a function|is not defined|Unexpected token|ECONNREFUSED|ETIMEDOUT|MikroORM|DriverException)\b/,
  ],
  ['a JavaScript value', /\bundefined\b|\[object Object\]|\bNaN\b/],
];

/** What of the platform's insides `text` shows, or undefined. */
export function revealedInternals(text: string): string | undefined {
  return INTERNALS.find(([, pattern]) => pattern.test(text))?.[0];
}

/** Every message of a JSON error body: its `message` and each of its `fields`' messages. */
export function messagesOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const { message, fields } = body as { message?: unknown; fields?: unknown };
  const found: string[] = [];
  if (message !== undefined) found.push(typeof message === 'string' ? message : JSON.stringify(message));
  if (typeof fields === 'object' && fields !== null)
    for (const value of Object.values(fields)) found.push(typeof value === 'string' ? value : JSON.stringify(value));
  return found;
}
