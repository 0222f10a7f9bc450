/**
 * The machine's NATS, configured by the scripts and never by hand (scripts/lib/infra.sh runs this):
 * - a password per user of the bus (bus-accounts.ts) in MACHINE_NATS_CREDENTIALS_DIR, made once, readable by root only;
 * - nats.conf: loopback only, JetStream, those users with their permissions, no anonymous access;
 * - a NATS that is not running is started with it; one running without it (anonymous access, as an older checkout or
 *   the machine's image left it) is stopped and started with it; ours with an older configuration is reloaded.
 * JetStream keeps its store directory, so streams survive the switch.
 */
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { join } from 'node:path';
import {
  MACHINE_NATS_CREDENTIALS_DIR,
  MACHINE_NATS_DIR,
  NATS_ADMIN_USER,
  natsAuthOptions,
  type NatsAuthOptions,
} from '@kassa/platform/messaging';
import { connect } from '@nats-io/transport-node';
import { type BusUser, machineUsers } from './bus-accounts';

const HOST = '127.0.0.1';
const PORT = 4222;
const SERVER = '/usr/sbin/nats-server';
const STORE_DIR = '/var/lib/nats-server';
const LOG_FILE = '/var/log/nats-server.log';
const CONFIG_FILE = join(MACHINE_NATS_DIR, 'nats.conf');
const PID_FILE = join(MACHINE_NATS_DIR, 'nats-server.pid');

/** The password of `user`, made on first use. */
function passwordOf(user: string): string {
  const file = join(MACHINE_NATS_CREDENTIALS_DIR, user);
  if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

const quote = (value: string) => JSON.stringify(value);

function renderMachineConfig(users: BusUser[], password: (user: string) => string): string {
  const entries = users.map(({ user, permissions }) =>
    [
      `    { user: ${quote(user)}, password: ${quote(password(user))}, permissions: {`,
      `        publish: { allow: [${permissions.publish.map(quote).join(', ')}] }`,
      `        subscribe: { allow: [${permissions.subscribe.map(quote).join(', ')}] } } }`,
    ].join('\n'),
  );
  return [
    '# Written by scripts/lib/nats/ensure-nats.ts from scripts/lib/nats/bus-accounts.ts; edits are overwritten.',
    `listen: ${quote(`${HOST}:${PORT}`)}`,
    `jetstream { store_dir: ${quote(STORE_DIR)} }`,
    `pid_file: ${quote(PID_FILE)}`,
    `log_file: ${quote(LOG_FILE)}`,
    'authorization {',
    '  users: [',
    entries.join('\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}

function portOpen(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host: HOST, port: PORT });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitPort(open: boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while ((await portOpen()) !== open) {
    if (Date.now() > deadline)
      throw new Error(`NATS on ${HOST}:${PORT} did not ${open ? 'come up' : 'stop'} within ${ms} ms; see ${LOG_FILE}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether a connection with these options is accepted (and closes it). */
async function accepted(options: NatsAuthOptions | Record<string, never>): Promise<boolean> {
  try {
    const nc = await connect({ servers: `nats://${HOST}:${PORT}`, reconnect: false, timeout: 3000, ...options });
    await nc.close();
    return true;
  } catch {
    return false;
  }
}

function runningPids(): number[] {
  try {
    return execFileSync('pidof', ['nats-server'], { encoding: 'utf8' }).trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function stopServer(): Promise<void> {
  for (const pid of runningPids()) process.kill(pid, 'SIGTERM');
  await waitPort(false, 30_000);
}

async function startServer(): Promise<void> {
  mkdirSync(STORE_DIR, { recursive: true });
  const child = spawn(SERVER, ['-c', CONFIG_FILE], { detached: true, stdio: 'ignore' });
  child.unref();
  await waitPort(true, 60_000);
}

async function main(): Promise<void> {
  mkdirSync(MACHINE_NATS_CREDENTIALS_DIR, { recursive: true, mode: 0o700 });
  chmodSync(MACHINE_NATS_DIR, 0o700);
  const config = renderMachineConfig(machineUsers(), passwordOf);
  const changed = !existsSync(CONFIG_FILE) || readFileSync(CONFIG_FILE, 'utf8') !== config;
  if (changed) writeFileSync(CONFIG_FILE, config, { mode: 0o600 });

  if (!(await portOpen())) {
    console.log('-- starting NATS with JetStream and the bus users');
    await startServer();
  } else {
    const anonymous = await accepted({});
    const admin = await accepted(natsAuthOptions(NATS_ADMIN_USER));
    if (anonymous || !admin) {
      console.log(
        `-- NATS is running ${anonymous ? 'without authentication' : 'with other users'}: restarting it with the bus users`,
      );
      await stopServer();
      await startServer();
    } else if (changed) {
      console.log('-- reloading NATS: the bus users changed');
      execFileSync(SERVER, ['--signal', `reload=${readFileSync(PID_FILE, 'utf8').trim()}`]);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  if (await accepted({})) throw new Error('NATS still accepts anonymous connections');
  if (!(await accepted(natsAuthOptions(NATS_ADMIN_USER))))
    throw new Error(`NATS refuses ${NATS_ADMIN_USER}; see ${LOG_FILE}`);
}

main().catch((error: unknown) => {
  console.error(`!! ${(error as Error).message}`);
  process.exit(1);
});
