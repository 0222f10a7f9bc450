import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { freePorts, repoRoot, startProcess, waitForHttp } from '@kassa/testing/processes';
import { profilesDir } from '@kassa/testing/stack';
import type { Cleanup } from '../lib/cleanup';
import { profiledProcesses } from '../lib/stack-processes';
import { holdFileLock } from '@kassa/testing/file-lock';

const BUILD_LOCK = '/tmp/kassa-next-build.lock';

/**
 * Builds the BFF if its build is older than its sources and starts `next start` on a loopback port, its catalog
 * client pointed at `backend.catalogGrpc` (and any other address in `extraEnv`), signing its calls with
 * `backend.callerKey`. The build lock is held until cleanup, so nobody rebuilds bff/.next under the running server.
 */
export async function startNextServer(
  cleanup: Cleanup,
  backend: { catalogGrpc: string; callerKey: string },
  extraEnv: Record<string, string> = {},
): Promise<{ origin: string; pid: number }> {
  const lock = await holdFileLock(BUILD_LOCK, () =>
    console.error(`waiting for ${BUILD_LOCK} (another build or e2e run holds it)...`),
  );
  cleanup.add(`release ${BUILD_LOCK}`, () => lock.release());

  const build = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'testing', 'src', 'build-bff-if-stale.ts')],
    {
      cwd: repoRoot,
      stdio: ['ignore', process.stderr, process.stderr],
    },
  );
  if (build.status !== 0) throw new Error(`building the BFF failed (exit ${build.status ?? build.signal})`);

  const [port, closedPort] = (await freePorts(2)) as [number, number];
  // Anonymous visitors need neither identity nor notifications for these pages (only the event page asks catalog):
  // point both at a closed port, so a page that did call one would fail the benchmark rather than quietly measure it.
  const closed = `127.0.0.1:${closedPort}`;
  // Bound to `localhost`, not 127.0.0.1: Next's NextURL spells loopback hosts as `localhost`, so with Host 127.0.0.1
  // the locale rewrite in bff/proxy.ts looks like another origin and every page answers 307 to itself.
  const profile = profiledProcesses().includes('bff')
    ? ['--cpu-prof', `--cpu-prof-dir=${join(profilesDir, 'bench-bff')}`]
    : [];
  const next = startProcess(
    'bench-pages-bff',
    process.execPath,
    [
      ...profile,
      join(repoRoot, 'node_modules', 'next', 'dist', 'bin', 'next'),
      'start',
      '-H',
      'localhost',
      '-p',
      String(port),
    ],
    {
      KASSA_ENV: 'test',
      KASSA_NAMESPACE: `benchpages${randomBytes(3).toString('hex')}`,
      KASSA_SEALING_KEY: randomBytes(32).toString('base64url'),
      KASSA_CALLER_KEY: backend.callerKey,
      LOG_LEVEL: 'warn',
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
      IDENTITY_GRPC_ADDRESS: closed,
      NOTIFICATIONS_GRPC_ADDRESS: closed,
      CATALOG_GRPC_ADDRESS: backend.catalogGrpc,
      PORT: String(port),
      // No metrics port (9100 may be taken by `npm run up`); the benchmark measures pages, not scrapes.
      METRICS_PORT: '0',
      // Other services a benchmark's pages call (the shop page asks ordering too).
      ...extraEnv,
    },
    join(repoRoot, 'bff'),
  );
  cleanup.add('stop next start', () => next.stop());
  const origin = `http://localhost:${port}`;
  await waitForHttp(`${origin}/api/healthz`, 'next start', 60_000, next);
  return { origin, pid: next.child.pid! };
}
