// Kassa's attack surface, found from the code rather than listed by hand: every route handler of the BFF (with the
// HTTP methods its route.ts exports) and every gRPC method of every service contract. The tenant-isolation table
// and the bad-input fuzzing aim at these, so a route or method added later without a case fails their tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface BffRoute {
  /** The URL path with Next's segments as they are written: `/api/orders/[orderId]/tickets`. */
  path: string;
  /** Matches a concrete path of this route (each `[segment]` is one non-empty path segment). */
  pattern: RegExp;
  methods: HttpMethod[];
  /** The route.ts, relative to the repository. */
  file: string;
}

export interface GrpcMethod {
  /** `/kassa.ordering.v1.OrderService/Checkout` */
  path: string;
  service: string;
  /** The contract's module under proto/gen/kassa, e.g. `ordering/v1/orders`. */
  module: string;
}

const repoRoot = join(__dirname, '..', '..');

function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesNamed(join(dir, entry.name), name) : entry.name === name ? [join(dir, entry.name)] : [],
  );
}

/** The HTTP methods a route.ts exports as `export const GET = …` or `export async function GET(…)`. */
export function exportedMethods(source: string): HttpMethod[] {
  return HTTP_METHODS.filter((method) =>
    new RegExp(`^export\\s+(?:const|(?:async\\s+)?function)\\s+${method}\\b`, 'm').test(source),
  );
}

/** `/api/orders/[orderId]` → a RegExp matching `/api/orders/ord_123`; route groups `(name)` are not in the URL. */
export function routePattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) =>
      /^\[\[?\.\.\..+\]\]?$/.test(segment)
        ? '.+'
        : /^\[.+\]$/.test(segment)
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

/** Every route handler under bff/app, API routes and others alike (e.g. the sitemap or a file download). */
export function bffRoutes(root = repoRoot): BffRoute[] {
  const appDir = join(root, 'bff', 'app');
  return filesNamed(appDir, 'route.ts')
    .map((file) => {
      const segments = relative(appDir, file)
        .split(sep)
        .slice(0, -1)
        .filter((segment) => !/^\(.+\)$/.test(segment));
      const path = `/${segments.join('/')}`;
      return {
        path,
        pattern: routePattern(path),
        methods: exportedMethods(readFileSync(file, 'utf8')),
        file: relative(root, file),
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Every page of the BFF (page.tsx under bff/app), as its URL path with Next's segments as written: `/[locale]/s/[shopId]`. */
export function bffPages(root = repoRoot): string[] {
  const appDir = join(root, 'bff', 'app');
  return filesNamed(appDir, 'page.tsx')
    .map(
      (file) =>
        `/${relative(appDir, file)
          .split(sep)
          .slice(0, -1)
          .filter((segment) => !/^\(.+\)$/.test(segment))
          .join('/')}`,
    )
    .sort();
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

interface ServiceDefinitionLike {
  [method: string]: { path?: unknown };
}

/** Every method of every gRPC service contract (`export const <Name>Service = { … }` in proto/gen/kassa/<svc>/v1). */
export function grpcMethods(root = repoRoot): GrpcMethod[] {
  const genDir = join(root, 'proto', 'gen', 'kassa');
  const modules = readdirSync(genDir).flatMap((service) => {
    const versionDir = join(genDir, service, 'v1');
    return readdirSync(genDir, { withFileTypes: true }).some(
      (entry) => entry.isDirectory() && entry.name === service,
    ) && safeList(versionDir).length > 0
      ? safeList(versionDir)
          .filter((file) => file.endsWith('.ts'))
          .map((file) => join(versionDir, file))
      : [];
  });
  const methods: GrpcMethod[] = [];
  for (const file of modules) {
    const module = relative(genDir, file).replace(/\.ts$/, '').split(sep).join('/');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exports = require(file) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (!name.endsWith('Service') || typeof value !== 'object' || value === null) continue;
      for (const method of Object.values(value as ServiceDefinitionLike)) {
        if (typeof method?.path === 'string')
          methods.push({ path: method.path, service: name.replace(/Service$/, ''), module });
      }
    }
  }
  return methods.sort((a, b) => a.path.localeCompare(b.path));
}
