// Request bodies checked against the shared zod schemas, answered in the spec's words: the first message per field,
// and a failure thrown as 400 { message: generic form message, fields }. A body that is not an object counts as empty.
import { controlCharacterViolations, messages } from '@kassa/platform/errors';
import type { NextRequest } from 'next/server';
import type { z } from 'zod';
import { readJson } from './handler';
import { HttpProblem } from './http-problem';

export type BodyCheck<T> = { ok: true; data: T } | { ok: false; fields: Record<string, string> };

type FieldOf = (path: PropertyKey[]) => string;
/** The field's top-level JSON name: flat forms show one message per input. */
const topLevelField: FieldOf = (path) => String(path[0] ?? '');
/** The dotted JSON path ('location.city', 'translations.0.name'): nested forms place messages on the inner input. */
const dottedField: FieldOf = (path) => path.map(String).join('.');

export function checkBody<T>(schema: z.ZodType<T>, body: unknown, fieldOf: FieldOf = topLevelField): BodyCheck<T> {
  const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  const fields: Record<string, string> = {};
  const result = schema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) fields[fieldOf(issue.path)] ??= issue.message;
    // Every field's problem at once: a control character in a field the schema let through is named too.
    // Only at paths the schema knows: a key it would drop (a line's extra "isAdmin") is no field of the form.
    for (const violation of controlCharacterViolations(input)) {
      const path = violation.field.split('.');
      if (schemaKnowsPath(schema, path)) fields[fieldOf(path)] ??= violation.message;
    }
    return { ok: false, fields };
  }
  // Every body passes here: a control character in any string the schema kept is refused, whatever the schema says
  // of the field (keys it does not know were dropped with their values).
  for (const violation of controlCharacterViolations(result.data))
    fields[fieldOf(violation.field.split('.'))] ??= violation.message;
  return Object.keys(fields).length === 0 ? { ok: true, data: result.data } : { ok: false, fields };
}

type SchemaNode = {
  _zod?: {
    def?: {
      type?: string;
      shape?: Record<string, unknown>;
      catchall?: SchemaNode;
      element?: unknown;
      innerType?: unknown;
      in?: unknown;
    };
  };
};

/**
 * Whether `path` ('items.0.quantity') names a value the schema keeps: through objects' shapes, arrays' elements and
 * the wrappers around them (optional, default, refinements, pipes). Inside a union, a record and the like every path
 * counts as known, so a violation there is still named; below a leaf (a string, a number) none is.
 */
export function schemaKnowsPath(schema: unknown, path: readonly string[]): boolean {
  const def = (schema as SchemaNode)._zod?.def;
  if (!def) return path.length === 0;
  if (def.innerType !== undefined) return schemaKnowsPath(def.innerType, path);
  if (def.type === 'pipe') return schemaKnowsPath(def.in, path);
  if (path.length === 0) return true;
  const [head, ...rest] = path as [string, ...string[]];
  if (def.type === 'object') {
    if (Object.hasOwn(def.shape ?? {}, head)) return schemaKnowsPath(def.shape![head], rest);
    // A loose object keeps keys it does not name; a strict or plain one refuses or drops them.
    return def.catchall !== undefined && def.catchall._zod?.def?.type !== 'never';
  }
  if (def.type === 'array') return /^\d+$/.test(head) && schemaKnowsPath(def.element, rest);
  // Below these the shape is not followed here: a violation inside is named (the schema may keep it).
  return OPAQUE_TYPES.has(def.type ?? '');
}

/** Schemas whose insides schemaKnowsPath does not follow; anything else (a string, a number…) has no path below it. */
const OPAQUE_TYPES: ReadonlySet<string> = new Set([
  'union',
  'record',
  'intersection',
  'tuple',
  'lazy',
  'any',
  'unknown',
]);

/** The checked body, or a thrown 400 keyed by top-level field. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown, fieldOf: FieldOf = topLevelField): T {
  const checked = checkBody(schema, body, fieldOf);
  if (!checked.ok) throw new HttpProblem(400, { message: messages.genericForm, fields: checked.fields });
  return checked.data;
}

/** Reads the request's JSON and checks it, naming each field by its dotted path; a failure is a thrown 400. */
export async function readBody<S extends z.ZodType>(request: NextRequest, schema: S): Promise<z.output<S>> {
  return parseBody(schema, await readJson(request), dottedField) as z.output<S>;
}
