import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './processes';

const SOURCES = ['bff', 'web', 'contracts/src', 'services/platform/src', 'proto/gen'];
const SKIP = new Set(['node_modules', '.next', 'test', 'e2e']);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the BFF for `next start` unless the last build is newer than every source it depends on. */
export function buildBffIfStale(): void {
  const buildId = join(repoRoot, 'bff', '.next', 'BUILD_ID');
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((dir) => newestMtime(join(repoRoot, dir))));
  if (builtAt > changedAt) return;
  execFileSync('npm', ['run', '--silent', 'build', '-w', '@kassa/bff'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
}
