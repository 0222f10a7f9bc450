// `npm run up`'s platform, once scripts/up has prepared the machine, the databases and the BFF's build: every part of
// the topology (@kassa/platform/topology, which the test harness starts from too) on its local ports, one Node
// process each, their output prefixed with their names; then the demo orders and the banner. Ctrl-C stops the parts
// in the reverse of their start order; a part that dies stops the rest.
//   node --import tsx scripts/dev/platform.ts --check-ports    only says whether every port is free (exit 1 if not)
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BFF_PART,
  MAX_LOCAL_REPLICAS,
  REPLICATED_SERVICES,
  SERVICE_NAMES,
  SERVICE_TOPOLOGY,
  START_PHASES,
  type ServiceName,
  addressEnvironment,
  localReplicaPorts,
} from '@kassa/platform/topology';

const root = join(__dirname, '..', '..');
const env = process.env;
const bffPort = Number(env.BFF_PORT || BFF_PART.port);
const mailHttpPort = Number(env.MAIL_INBOX_HTTP_PORT || 1080);
const mailSmtpPort = Number(env.MAIL_INBOX_SMTP_PORT || 1025);
// Every part sends its spans to a local receiver with a trace view (testing/src/otlp-receiver.ts), as it would send
// them to the OpenTelemetry Collector in a cluster. OTEL_EXPORTER_OTLP_ENDPOINT set outside wins (a real collector).
const tracesPort = Number(env.TRACES_PORT || 4318);
const localTraces = !env.OTEL_EXPORTER_OTLP_ENDPOINT;
// Links in e-mails point at the local BFF; notifications sends to the local mail inbox.
env.PUBLIC_BASE_URL ||= `http://localhost:${bffPort}`;
env.SMTP_URL ||= `smtp://127.0.0.1:${mailSmtpPort}`;
if (localTraces)
  Object.assign(env, {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${tracesPort}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  });

// Replicas of checkout (ordering) and scan (ticketing), to see on one machine that replicas cooperate: they share the
// database, split the outbox rows (SKIP LOCKED), the JetStream messages (one durable consumer, competing pullers) and
// the BullMQ jobs, and their clients spread calls over them (round-robin over the address list).
//   REPLICAS=2 npm run up      ORDERING_REPLICAS=3 TICKETING_REPLICAS=2 npm run up
function replicasOf(service: ServiceName): number {
  if (!(REPLICATED_SERVICES as readonly ServiceName[]).includes(service)) return 1;
  const raw = env[`${service.toUpperCase()}_REPLICAS`] || env.REPLICAS || '1';
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > MAX_LOCAL_REPLICAS)
    throw new Error(`replicas must be 1 to ${MAX_LOCAL_REPLICAS}, got '${raw}'`);
  return count;
}

interface Part {
  name: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** The port that answers once it is up. */
  readyPort: number;
  /** Every port it listens on. */
  ports: number[];
}

function plan(): Part[][] {
  const replicas = Object.fromEntries(
    SERVICE_NAMES.map((service) => [service, localReplicaPorts(service, replicasOf(service))]),
  ) as Record<ServiceName, { grpc: number; http: number }[]>;
  const addressOf = (service: ServiceName) => replicas[service].map(({ grpc }) => `127.0.0.1:${grpc}`).join(',');
  const tsx = (entry: string) => ['--import', 'tsx', entry];
  const servicePart = (service: ServiceName): Part[] =>
    replicas[service].map(({ grpc, http }, n) => ({
      name: replicas[service].length === 1 ? service : `${service}-${n + 1}`,
      args: tsx(`services/${service}/src/main.ts`),
      env: {
        GRPC_PORT: String(grpc),
        HTTP_PORT: String(http),
        ...addressEnvironment(SERVICE_TOPOLOGY[service].calls, addressOf),
      },
      readyPort: grpc,
      ports: [grpc, http],
    }));
  const traces: Part[] = localTraces
    ? [
        {
          name: 'traces',
          args: tsx('testing/src/otlp-receiver.ts'),
          env: { OTLP_RECEIVER_PORT: String(tracesPort), OTLP_RECEIVER_MAX_SPANS: '50000' },
          readyPort: tracesPort,
          ports: [tracesPort],
        },
      ]
    : [];
  const mail: Part = {
    name: 'mail',
    args: tsx('testing/src/mail-inbox.ts'),
    env: { MAIL_INBOX_HTTP_PORT: String(mailHttpPort), MAIL_INBOX_SMTP_PORT: String(mailSmtpPort) },
    readyPort: mailHttpPort,
    ports: [mailHttpPort, mailSmtpPort],
  };
  const bff: Part = {
    name: 'bff',
    args: [join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(bffPort)],
    env: { ...addressEnvironment(BFF_PART.calls, addressOf), METRICS_PORT: String(BFF_PART.metricsPort) },
    cwd: join(root, 'bff'),
    readyPort: bffPort,
    ports: [bffPort, BFF_PART.metricsPort],
  };
  // The receiver first, so that no part's first spans are lost; the mail inbox beside the first services.
  return [
    traces,
    [mail, ...START_PHASES[0]!.flatMap(servicePart)],
    ...START_PHASES.slice(1).map((phase) => phase.flatMap(servicePart)),
    [bff],
  ].filter((phase) => phase.length > 0);
}

const RESERVED_PORTS = '/proc/sys/net/ipv4/ip_local_reserved_ports';

/**
 * The local gRPC ports (5005x) lie inside Linux's ephemeral range (32768–60999): an outgoing connection of a part that
 * is already up (a database pool, NATS) can be given one before the service that listens on it starts, which then
 * fails with EADDRINUSE. Reserved ports are never handed out that way. Best effort: it needs root, and the list is
 * the kernel's, so the ports already reserved stay.
 */
function reserveLocalPorts(ports: number[]): void {
  try {
    const current = readFileSync(RESERVED_PORTS, 'utf8').trim();
    const wanted = [...new Set(ports)].filter((port) => !current.split(',').includes(String(port)));
    if (wanted.length > 0) writeFileSync(RESERVED_PORTS, [current, ...wanted].filter(Boolean).join(','));
  } catch {
    // Not Linux, or not root: the ports stay in the ephemeral range, as on most machines.
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

// Seven Node processes starting at once on a small, busy machine can take well over half a minute.
async function waitForPort(part: Part, child: ChildProcess, seconds = 180): Promise<void> {
  for (let i = 0; i < seconds * 2; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${part.name} exited while starting`);
    if (await portOpen(part.readyPort)) return;
    await sleep(500);
  }
  throw new Error(`${part.name} did not come up on 127.0.0.1:${part.readyPort}`);
}

const COLOURS = [36, 33, 32, 35, 34, 31, 96, 93, 92, 95, 94];
let stopping = false;
const running: { part: Part; child: ChildProcess; exited: Promise<void> }[] = [];

function start(part: Part, width: number): ChildProcess {
  const child = spawn(process.execPath, part.args, {
    cwd: part.cwd ?? root,
    env: { ...env, ...part.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const colour = COLOURS[running.length % COLOURS.length];
  const prefix = process.stdout.isTTY ? `\x1b[${colour}m[${part.name}]\x1b[0m` : `[${part.name}]`;
  const pad = ' '.repeat(Math.max(0, width - part.name.length));
  for (const stream of [child.stdout!, child.stderr!])
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${pad} ${line}\n`));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  running.push({ part, child, exited });
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`!! ${part.name} stopped (${signal ?? `exit code ${code}`}): stopping the platform`);
    void stopAll(1);
  });
  return child;
}

async function stopAll(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const { part, child, exited } of [...running].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    // `next start` waits for idle keep-alive connections: a few seconds, then it is killed.
    const timer = setTimeout(() => child.kill('SIGKILL'), part.name === 'bff' ? 5_000 : 20_000);
    await exited;
    clearTimeout(timer);
  }
  process.exit(exitCode);
}

function banner(phases: Part[][]): string {
  const parts = phases.flat();
  const addressList = (service: ServiceName) =>
    parts
      .filter((part) => part.name === service || part.name.startsWith(`${service}-`))
      .map((part) => `127.0.0.1:${part.ports[0]}`)
      .join(',');
  const health = SERVICE_NAMES.map(
    (service) => `${service} http://localhost:${SERVICE_TOPOLOGY[service].httpPort}/readyz`,
  );
  const scanLink = join(root, '.data', 'demo-scan-link.json');
  const scanUrl = existsSync(scanLink)
    ? (JSON.parse(readFileSync(scanLink, 'utf8')) as { url: string }).url
    : '(not made: see above)';
  const site = `http://localhost:${bffPort}`;
  return `
  Kassa is running.
    Site          ${site}
    Sign in       ${site}/sign-in   as demo@kassa.localhost (the code arrives in the mail inbox)
    Mail inbox    http://localhost:${mailHttpPort}
    Health        ${health.slice(0, 3).join(' · ')}
                  ${health.slice(3).join(' · ')}
    Traces        ${localTraces ? `http://localhost:${tracesPort}/traces (every request, through gRPC, NATS and jobs to SMTP)` : `sent to ${env.OTEL_EXPORTER_OTLP_ENDPOINT}`}
    Metrics       http://localhost:${SERVICE_TOPOLOGY.ordering.httpPort}/metrics (each service's health port; the BFF's on http://localhost:${BFF_PART.metricsPort}/metrics)
    Replicas      ordering ×${replicasOf('ordering')} (${addressList('ordering')}) · ticketing ×${replicasOf('ticketing')} (${addressList('ticketing')})
    Payments      ${env.PAYMENT_PROVIDER === 'stripe' ? 'Stripe' : 'demo provider (test mode: Pay, Fail or Abandon on its own page; no money moves)'}
    Door scanner  ${scanUrl}
                  (the demo event's "Box office" link; open it on a phone, or Scan Tickets in the dashboard)
  Ctrl-C stops everything.
`;
}

async function main(): Promise<void> {
  const phases = plan();
  const busy: number[] = [];
  for (const port of phases.flat().flatMap((part) => part.ports)) if (await portOpen(port)) busy.push(port);
  if (busy.length > 0) {
    console.error(`!! port ${busy.join(', ')} already in use: is Kassa already running?`);
    process.exit(1);
  }
  if (process.argv.includes('--check-ports')) return;

  reserveLocalPorts(phases.flat().flatMap((part) => part.ports));
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  const width = Math.max(...phases.flat().map((part) => part.name.length));
  for (const phase of phases) {
    await Promise.all(
      phase.map(async (part) => {
        const child = start(part, width);
        await waitForPort(part, child);
      }),
    );
  }
  // Orders need the running platform: they go through checkout and the demo provider like a guest's.
  const seeded = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev/seed-demo-orders.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => seeded.once('exit', resolve));
  if (code !== 0) console.error('!! the demo orders could not be placed (see above); the rest runs');
  console.log(banner(phases));
}

main().catch((error: unknown) => {
  console.error(`!! ${(error as Error).message}`);
  void stopAll(1);
});
