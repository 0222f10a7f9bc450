// Restarts of the machine's PostgreSQL, Redis and NATS (JetStream) in the middle of a flow, each started again the
// way it was started (scripts/lib/infra.sh): PostgreSQL with pg_ctlcluster, Redis as a daemon that keeps nothing on
// disk (so a restart loses every BullMQ job and rate-limit counter), NATS under start-stop-daemon with its JetStream
// store on disk. These servers are machine-wide: every stack on the machine sees the outage, which is why the faults
// section runs only under the heavy lock, and why `ensureInfrastructureUp` runs in a `finally`.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MACHINE_NATS_DIR } from '@kassa/platform/messaging';
import { assertInfrastructure } from '@kassa/platform/testing';
import { assertHeavyLockHeld } from '@kassa/testing/heavy-lock';

export type Infrastructure = 'postgresql' | 'redis' | 'nats';

export const INFRASTRUCTURE: readonly Infrastructure[] = ['postgresql', 'redis', 'nats'];

const PORTS: Record<Infrastructure, number> = { postgresql: 5432, redis: 6379, nats: 4222 };
const NATS_SERVER = '/usr/sbin/nats-server';
const repoRoot = join(__dirname, '..', '..', '..');

export interface InfrastructureRestart {
  what: Infrastructure;
  /** When it was stopped (epoch ms). */
  at: number;
  /** From the stop command until it served again. */
  downMs: number;
}

/**
 * Stops one server, leaves it down for `downMs` (an outage, not just a blink), starts it again as it was started and
 * waits until it answers. Throws when it does not come back; `ensureInfrastructureUp` then starts it from scratch.
 */
export async function restartInfrastructure(what: Infrastructure, downMs = 2_000): Promise<InfrastructureRestart> {
  assertHeavyLockHeld(`restarting ${what}`);
  const begun = Date.now();
  if (what === 'postgresql') {
    const version = postgresVersion();
    run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'stop', '--mode', 'fast']);
    await waitPort(PORTS.postgresql, false);
    await sleep(downMs);
    run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  } else if (what === 'redis') {
    const start = redisStartArguments();
    // NOSAVE: as a crash or a rescheduled pod would, and as `--save ""` does anyway.
    run('redis-cli', ['-p', String(PORTS.redis), 'shutdown', 'nosave']);
    await waitPort(PORTS.redis, false);
    await sleep(downMs);
    run('redis-server', start);
  } else {
    const start = natsStartArguments();
    run('start-stop-daemon', ['--stop', '--oknodo', '--exec', NATS_SERVER, '--retry', 'TERM/15/KILL/5']);
    await waitPort(PORTS.nats, false);
    await sleep(downMs);
    run('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', NATS_SERVER, '--', ...start]);
  }
  await waitPort(PORTS[what], true);
  await waitUntilServing(what);
  return { what, at: begun, downMs: Date.now() - begun };
}

/** Starts whatever of the three is down, exactly as `npm test` would (scripts/lib/infra.sh), and checks all three answer. */
export async function ensureInfrastructureUp(): Promise<void> {
  const down = [];
  for (const what of INFRASTRUCTURE) if (!(await portOpen(PORTS[what]))) down.push(what);
  if (down.length > 0) run('bash', ['-c', '. scripts/lib/infra.sh && ensure_infrastructure'], repoRoot);
  await waitUntilServing('postgresql');
}

function postgresVersion(): string {
  const versions = readdirSync('/etc/postgresql').sort();
  if (versions.length === 0) throw new Error('no PostgreSQL cluster under /etc/postgresql');
  return versions[versions.length - 1]!;
}

/** The running Redis's own settings, so the one started after the restart is the same server. */
function redisStartArguments(): string[] {
  const setting = (name: string): string => {
    const lines = execFileSync('redis-cli', ['-p', String(PORTS.redis), 'config', 'get', name], {
      encoding: 'utf8',
    }).split('\n');
    return lines[1]?.trim() ?? '';
  };
  const bind = setting('bind') || '127.0.0.1';
  const args = [
    '--daemonize',
    'yes',
    '--port',
    String(PORTS.redis),
    '--bind',
    ...bind.split(/\s+/),
    '--save',
    setting('save'),
    '--appendonly',
    setting('appendonly') || 'no',
  ];
  const dir = setting('dir');
  const logfile = setting('logfile');
  if (dir) args.push('--dir', dir);
  if (logfile) args.push('--logfile', logfile);
  return args;
}

/** The running nats-server's command line (start-stop-daemon passes it on unchanged). */
function natsStartArguments(): string[] {
  const pid = execFileSync('pidof', ['nats-server'], { encoding: 'utf8' }).trim().split(/\s+/)[0];
  if (!pid) throw new Error('nats-server is not running');
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(1);
  // Never without its users: scripts/lib/nats/ensure-nats.ts starts it from this configuration.
  return args.length > 0 ? args : ['-c', join(MACHINE_NATS_DIR, 'nats.conf')];
}

function run(command: string, args: string[], cwd?: string): void {
  execFileSync(command, args, { stdio: 'pipe', cwd, timeout: 60_000 });
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1_000, () => done(false));
  });
}

async function waitPort(port: number, open: boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await portOpen(port)) !== open) {
    if (Date.now() > deadline)
      throw new Error(`127.0.0.1:${port} did not ${open ? 'open' : 'close'} within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** A port that accepts is not yet a server that serves (PostgreSQL replays its WAL, JetStream reads its store). */
async function waitUntilServing(what: Infrastructure, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertInfrastructure();
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`${what}: the infrastructure is not serving after the restart: ${(error as Error).message}`, {
          cause: error,
        });
      await sleep(250);
    }
  }
}
