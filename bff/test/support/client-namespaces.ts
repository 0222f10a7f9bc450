import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const repoRoot = path.resolve(__dirname, '../../..');

/** What the client code reachable from some entry files asks next-intl for. */
export interface ClientNamespaces {
  /** Top-level message namespaces a client component names in useTranslations('X…'). */
  namespaces: Set<string>;
  /** Client files that call useTranslations with something other than a string literal (not knowable here). */
  dynamic: string[];
  /** Client files seen, for a control that the walk found anything. */
  clientFiles: string[];
}

const USE_CLIENT = /^\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*['"]use client['"]/;

/**
 * Bundles `entries` (pages and layouts) with esbuild only to read its import graph, then walks it: a file with a
 * 'use client' directive, and everything it imports, runs in the browser, where next-intl reads the messages of the
 * nearest NextIntlClientProvider. Server components read the request's whole catalogue and need nothing from it.
 */
export async function clientNamespacesOf(entries: string[]): Promise<ClientNamespaces> {
  const result = await build({
    entryPoints: entries.map((entry) => path.resolve(repoRoot, entry)),
    bundle: true,
    write: false,
    metafile: true,
    outdir: '/tmp/kassa-client-namespaces',
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    logLevel: 'silent',
    absWorkingDir: repoRoot,
    // Only our own sources matter; packages (and Next's, next-intl's) stay outside the graph.
    plugins: [
      {
        name: 'externals',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.kind === 'entry-point' || args.path.startsWith('@kassa/')
              ? undefined
              : { path: args.path, external: true },
          );
          builder.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, external: true }));
        },
      },
    ],
  });
  const inputs = result.metafile.inputs;
  const imports = new Map(
    Object.entries(inputs).map(([file, input]) => [
      file,
      input.imports.filter((entry) => !entry.external && entry.path in inputs).map((entry) => entry.path),
    ]),
  );
  const source = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
  const clientFiles = new Set<string>();
  const visited = new Set<string>();
  const walk = (file: string, client: boolean) => {
    const isClient = client || USE_CLIENT.test(source(file));
    const key = `${file}\0${isClient}`;
    if (visited.has(key)) return;
    visited.add(key);
    if (isClient) clientFiles.add(file);
    for (const next of imports.get(file) ?? []) walk(next, isClient);
  };
  for (const entry of entries) walk(path.relative(repoRoot, entry), false);

  const namespaces = new Set<string>();
  const dynamic: string[] = [];
  for (const file of clientFiles) {
    const text = source(file);
    for (const match of text.matchAll(/useTranslations\(\s*([^)]*)\)/g)) {
      const literal = /^['"`]([A-Za-z]+)[.'"`]/.exec(match[1]!.trim());
      if (literal) namespaces.add(literal[1]!);
      else dynamic.push(file);
    }
  }
  return { namespaces, dynamic: [...new Set(dynamic)].sort(), clientFiles: [...clientFiles].sort() };
}
