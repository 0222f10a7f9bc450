import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The folder holding the root package.json (the one with workspaces), found by walking up from this file. */
export function repositoryRoot(from = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json with workspaces above ${from}`);
  }
}

/** The services bundled so far in this test run, kept in the environment so that jest's per-file module registries share it. */
const BUNDLED_SERVICES_ENV = 'KASSA_STACK_BUNDLED';

/**
 * Bundles a service at most once per test run (into services/<service>/dist, where the images take it from too), so
 * every process the run starts from it starts the same, current bundle in about a second instead of compiling the
 * sources through tsx.
 */
export function bundleServiceOnce(service: string): string {
  const root = repositoryRoot();
  const dist = join(root, 'services', service, 'dist');
  const done = new Set((process.env[BUNDLED_SERVICES_ENV] ?? '').split(',').filter(Boolean));
  if (done.has(service)) return dist;
  execFileSync(process.execPath, [join(root, 'scripts', 'build', 'bundle-service.mjs'), service], {
    cwd: root,
    stdio: 'pipe',
  });
  process.env[BUNDLED_SERVICES_ENV] = [...done, service].join(',');
  return dist;
}
