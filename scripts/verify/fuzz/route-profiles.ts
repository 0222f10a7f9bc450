// What each BFF route handler takes, read from its route.ts: which of its dynamic segments are prefixed ids, whether a
// method needs a signed-in caller, which zod schema checks its JSON body (or that it reads raw bytes), whether it
// checks a device id or a guest's access key in the query, and whether it ends the caller's own session. The fuzzer makes its requests from
// these, so that a route added later is fuzzed the way the code says it reads its input.
import type { BffRoute, HttpMethod } from '../surface';

/** How the schema a route checks its body with is found: an import (named or made by a factory) or written inline. */
export interface SchemaRef {
  /** The identifier the route passes to readBody / checkBody / parseBody / readCheckedBody. */
  identifier: string;
  /** The module it comes from, as written in the import (undefined when defined inline in the route). */
  from?: string;
  /** The name exported by that module. */
  exportName: string;
  /** `const body = inviteSchema();`: the export is a factory called without arguments. */
  factory: boolean;
  /** The size limit readCheckedBody enforces (413 above), as an imported constant's name. */
  limitName?: string;
  limitFrom?: string;
}

export type BodyKind = { kind: 'none' } | { kind: 'json'; schema: SchemaRef } | { kind: 'raw' };

export interface MethodProfile {
  method: HttpMethod;
  /** The handler asks for a session (requireApiUser, sessionTokenOf or an authorize… helper): 401 without one. */
  signedIn: boolean;
  body: BodyKind;
  /** The device id comes from `?deviceId=` and is checked there (400 unless well formed). */
  deviceQuery: boolean;
  /** The module the route imports deviceIdFromQuery from (its `deviceBody` schema checks the query). */
  deviceQueryFrom?: string;
  /** The query keys the handler reads (`searchParams.get('locale')`). */
  queryKeys: string[];
  /** A guest route that opens only with the order's access key in `?key=` (requireAccessKey): 404 without it. */
  accessKeyQuery: boolean;
  /** It ends the session of the cookie it was sent with (DELETE /api/_auth/session). */
  endsOwnSession: boolean;
}

export interface RouteParam {
  name: string;
  /** The id prefix the route checks it against (requireRouteId), when it does. */
  prefix?: string;
}

export interface RouteProfile {
  route: BffRoute;
  params: RouteParam[];
  methods: MethodProfile[];
}

/** Every `requireRouteId('org', params.orgId)` in the given sources: parameter name → id prefix. */
export function routeIdPrefixes(sources: readonly string[]): Map<string, string> {
  const prefixes = new Map<string, string>();
  for (const source of sources) {
    for (const match of source.matchAll(/requireRouteId\(\s*'([a-z]+)',\s*params\.(\w+)\s*\)/g))
      prefixes.set(match[2]!, match[1]!);
  }
  return prefixes;
}

/** The source of one exported method, from its `export` to the next export (or the end). */
export function methodSource(source: string, method: HttpMethod): string {
  const start = new RegExp(`^export\\s+(?:const|(?:async\\s+)?function)\\s+${method}\\b`, 'm').exec(source);
  if (!start) throw new Error(`no ${method} export`);
  const rest = source.slice(start.index + start[0].length);
  const next = /^export\s/m.exec(rest);
  return source.slice(start.index, start.index + start[0].length + (next ? next.index : rest.length));
}

/** Where an identifier of the route file comes from: `import { a, b as c } from 'x'`, `const c = factory();` or inline. */
function resolveIdentifier(fileSource: string, identifier: string): Omit<SchemaRef, 'identifier'> | undefined {
  for (const match of fileSource.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    for (const part of match[1]!.split(',')) {
      const [exported, local] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      if ((local ?? exported) === identifier) return { from: match[2]!, exportName: exported!, factory: false };
    }
  }
  const made = new RegExp(`^const\\s+${identifier}\\s*=\\s*(\\w+)\\(\\s*\\);`, 'm').exec(fileSource);
  if (made) {
    const factory = resolveIdentifier(fileSource, made[1]!);
    if (factory) return { ...factory, factory: true };
  }
  if (new RegExp(`^const\\s+${identifier}\\s*=\\s*z\\.`, 'm').test(fileSource))
    return { exportName: identifier, factory: false };
  return undefined;
}

function bodyOf(fileSource: string, source: string): BodyKind {
  if (/readBodyBytes\(\s*request/.test(source)) return { kind: 'raw' };
  const checked = /readCheckedBody\(\s*request,\s*(\w+),\s*(\w+)\s*\)/.exec(source);
  const match =
    checked ??
    /readBody\(\s*request,\s*(\w+)\s*\)/.exec(source) ??
    /(?:checkBody|parseBody)\(\s*(\w+),\s*await\s+readJson\(\s*request\s*\)\s*\)/.exec(source);
  if (!match) {
    if (/readJson\(|request\.(?:json|text|formData|arrayBuffer)\(/.test(source))
      throw new Error('reads a body in a way the fuzzer does not know');
    return { kind: 'none' };
  }
  const identifier = match[1]!;
  const resolved = resolveIdentifier(fileSource, identifier);
  if (!resolved) throw new Error(`cannot tell where the body schema "${identifier}" comes from`);
  const schema: SchemaRef = { identifier, ...resolved };
  if (checked) {
    const limit = resolveIdentifier(fileSource, checked[2]!);
    if (!limit?.from) throw new Error(`cannot tell where the body limit "${checked[2]}" comes from`);
    schema.limitName = limit.exportName;
    schema.limitFrom = limit.from;
  }
  return { kind: 'json', schema };
}

export function profileRoute(
  route: BffRoute,
  fileSource: string,
  idPrefixes: ReadonlyMap<string, string>,
): RouteProfile {
  const params = [...route.path.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((match) => ({
    name: match[1]!,
    prefix: idPrefixes.get(match[1]!),
  }));
  const methods = route.methods.map((method): MethodProfile => {
    const source = methodSource(fileSource, method);
    try {
      return {
        method,
        signedIn: /requireApiUser\(|sessionTokenOf\(|authorize\w*\(\s*request/.test(source),
        body: bodyOf(fileSource, source),
        deviceQuery: /deviceIdFromQuery\(\s*request\s*\)/.test(source),
        deviceQueryFrom: /deviceIdFromQuery\(\s*request\s*\)/.test(source)
          ? resolveIdentifier(fileSource, 'deviceIdFromQuery')?.from
          : undefined,
        queryKeys: [
          ...new Set(
            [
              ...source.matchAll(/searchParams\.get\('(\w+)'\)/g),
              ...source.matchAll(/\b(?:query|search)\.get\('(\w+)'\)/g),
            ].map((m) => m[1]!),
          ),
        ],
        accessKeyQuery: /requireAccessKey\(\s*request\s*\)/.test(source),
        endsOwnSession: /\.endSession\(/.test(source),
      };
    } catch (error) {
      throw new Error(`${method} ${route.path} (${route.file}): ${(error as Error).message}`, { cause: error });
    }
  });
  return { route, params, methods };
}

/** `/api/%5Fauth/session` → `/api/_auth/session`: Next serves a folder named %5Fauth at _auth. */
export function urlPathOf(routePath: string): string {
  return routePath
    .split('/')
    .map((segment) => (segment.startsWith('[') ? segment : decodeURIComponent(segment)))
    .join('/');
}
