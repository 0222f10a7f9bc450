// The control-character class of the bad-input section, sent on every run (not left to a seed): every string field
// of every gRPC request message, and every string in every BFF route's valid JSON body, gets one control character
// in an otherwise plain value. The platform refuses them at the gRPC server's door and the BFF's body check
// (platform errors/control-characters.ts); the answer must name the field: INVALID_ARGUMENT with a violation on
// it, or 400 with the field among `fields`. Nothing may change (the section's digest covers these calls too).
import type { HttpCase, Caller, IdPools } from './http-cases';
import type { FieldType, ProtoTypes } from './proto-types';
import { urlPathOf, type MethodProfile, type RouteProfile } from './route-profiles';
import { percentEncode } from './values';

/** One of each kind, in turn: NUL (PostgreSQL cannot store it), BEL, ESC, backspace, DEL, vertical tab. */
const CONTROL_CHARACTERS = ['\u0000', '\u0007', '\u001b', '\u0008', '\u007f', '\u000b'];
const tainted = (index: number) => `a${CONTROL_CHARACTERS[index % CONTROL_CHARACTERS.length]}b`;
const shown = (text: string) => JSON.stringify(text);

export interface ControlCharacterGrpcCase {
  path: string;
  request: Record<string, unknown>;
  /** The field the refusal must name, as the server names it ('lines.0.name'). */
  field: string;
  made: string;
}

/** Every string field (and list of strings) of a message, nested messages and message lists (element 0) included. */
function stringFields(
  types: ProtoTypes,
  key: string,
  prefix: (string | number)[] = [],
  depth = 0,
): { path: (string | number)[]; list: boolean }[] {
  if (depth > 3) return [];
  return (types.messages.get(key) ?? []).flatMap((field) => {
    const path = [...prefix, field.name];
    const type: FieldType = field.type;
    if (type.kind === 'string') return [{ path, list: false }];
    if (type.kind === 'list' && type.of.kind === 'string') return [{ path, list: true }];
    if (type.kind === 'message') return stringFields(types, type.name, path, depth + 1);
    if (type.kind === 'list' && type.of.kind === 'message')
      return stringFields(types, type.of.name, [...path, 0], depth + 1);
    return [];
  });
}

/** `value` at `path` in an otherwise empty request (lists as one element). */
function placed(path: (string | number)[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  if (rest.length === 0) return { [head as string]: value };
  if (typeof rest[0] === 'number') return { [head as string]: [placed(rest.slice(1), value)] };
  return { [head as string]: placed(rest, value) };
}

export function controlCharacterGrpcCases(path: string, types: ProtoTypes): ControlCharacterGrpcCase[] {
  const key = types.requestOf.get(path);
  if (!key) return [];
  return stringFields(types, key).map(({ path: fieldPath, list }, index) => {
    const value = tainted(index);
    const field = [...fieldPath, ...(list ? [0] : [])].join('.');
    return { path, request: placed(fieldPath, list ? [value] : value), field, made: `${field} = ${shown(value)}` };
  });
}

/** Every string in a JSON value, by its dotted path. */
function stringLeaves(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return value.flatMap((entry, index) => stringLeaves(entry, [...prefix, String(index)]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([name, entry]) => stringLeaves(entry, [...prefix, name]));
  return [];
}

function replaced(value: unknown, path: string[], text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((entry, index) => (String(index) === head ? replaced(entry, rest, text) : entry));
  return {
    ...(value as Record<string, unknown>),
    [head!]: replaced((value as Record<string, unknown>)[head!], rest, text),
  };
}

export interface ControlCharacterHttpCase extends HttpCase {
  /** The body field the 400 must name: its dotted path, or its top-level name for flat forms. */
  field: string[];
}

/**
 * The route's valid body (its template, for the caller's own ids in the path) with one string made wrong, sent by a
 * caller who may use the route, so that the control character is the only thing wrong with the request.
 */
export function controlCharacterHttpCases(
  profile: RouteProfile,
  method: MethodProfile,
  template: unknown,
  caller: Caller,
  pools: IdPools,
  origin: string,
): ControlCharacterHttpCase[] {
  if (method.body.kind !== 'json' || !caller.tenant) return [];
  let target = urlPathOf(profile.route.path);
  for (const param of profile.params) {
    const own = method.signedIn
      ? pools[caller.tenant][param.name]
      : [...(pools.A[param.name] ?? []), ...(pools.B[param.name] ?? [])];
    if (!own?.length) return [];
    target = target.replace(new RegExp(`\\[(?:\\.\\.\\.)?${param.name}\\]`), percentEncode(own[0]!));
  }
  if (method.accessKeyQuery) {
    const key = pools[caller.tenant].accessKey?.[0];
    if (!key) return [];
    target = `${target}?key=${key}`;
  }
  return stringLeaves(template).map((leaf, index) => {
    const value = tainted(index);
    return {
      route: profile.route.path,
      method: method.method,
      caller: caller.name,
      target,
      headers: {
        origin,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
        ...(caller.sessionCookie ? { cookie: caller.sessionCookie } : {}),
      },
      body: JSON.stringify(replaced(template, leaf, value)),
      refusedBecause: ['body'],
      made: `body ${leaf.join('.')} = ${shown(value)}`,
      field: leaf,
    };
  });
}

/** Whether a 400's `fields` names the tainted field (dotted, or by its top-level name). */
export function namesField(text: string, field: string[]): boolean {
  try {
    const fields = (JSON.parse(text) as { fields?: Record<string, string> }).fields ?? {};
    return field.join('.') in fields || field[0]! in fields;
  } catch {
    return false;
  }
}
