import { ensureHeavyLock } from './heavy-lock';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Client } from 'pg';
import { type ManagedProcess, freePorts, repoRoot, tsxProcess, startProcess, waitForHttp } from './processes';
import { NATS_ADMIN_USER, natsAuthOptions } from '@kassa/platform/messaging';
import {
  BFF_PART,
  REPLICATED_SERVICES,
  SERVICE_TOPOLOGY,
  START_PHASES,
  addressEnvironment,
} from '@kassa/platform/topology';
import { bundleServiceOnce, createDatabaseFromTemplate, ensureTemplateDatabase } from '@kassa/platform/testing';

const execFileAsync = promisify(execFile);

/** Everything a test needs to reach a running platform; written to JSON by the global set-up. */
export interface StackInfo {
  namespace: string;
  bffUrl?: string;
  mailInboxUrl?: string;
  otlpUrl?: string;
  identityGrpc?: string;
  catalogGrpc?: string;
  orderingGrpc?: string;
  paymentsGrpc?: string;
  ticketingGrpc?: string;
  notificationsGrpc?: string;
  env: Record<string, string>;
  databases: string[];
  /** EMAIL_WEBHOOK_SECRET of notifications, so tests can sign delivery events. */
  emailWebhookSecret?: string;
  /** The Prometheus endpoint of every running process (each replica's, and the BFF's), by process name. */
  metricsUrls: Record<string, string>;
}

export type Component =
  'mail' | 'otlp' | 'identity' | 'catalog' | 'ordering' | 'payments' | 'ticketing' | 'notifications' | 'bff';

export interface Stack {
  info: StackInfo;
  processes: Map<Component, ManagedProcess>;
  /** (Re)starts one service, or the BFF, with extra environment, e.g. a crash point. */
  startService(component: ServiceComponent | 'bff', extraEnv?: Record<string, string>): Promise<ManagedProcess>;
  stop(): Promise<void>;
}

const ADMIN_URL = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// New services go last: tests address the databases by index (`info.databases[0]` is identity's).
export const SERVICES_WITH_DATABASES = [
  'identity',
  'notifications',
  'catalog',
  'ordering',
  'payments',
  'ticketing',
] as const;
export type ServiceComponent = (typeof SERVICES_WITH_DATABASES)[number];

/** The stack's database of one service, by the name's suffix (`kassa_e2e_<ns>_<service>`). */
export function serviceDatabase(info: Pick<StackInfo, 'databases'>, service: ServiceComponent): string {
  const name = info.databases.find((candidate) => candidate.endsWith(`_${service}`));
  if (!name) throw new Error(`the stack has no ${service} database`);
  return databaseUrl(name);
}

/** The URL of one of a stack's databases (`stack.info.databases`), on the same server as the admin URL. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabases(names: string[]): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

type ReplicatedComponent = (typeof REPLICATED_SERVICES)[number];
const isReplicated = (component: ServiceComponent): component is ReplicatedComponent =>
  (REPLICATED_SERVICES as readonly string[]).includes(component);

export interface StackOptions {
  /** Extra environment per component, e.g. a service's optional configuration that the shared stack leaves off. */
  env?: Partial<Record<Component, Record<string, string>>>;
  /**
   * Replicas of checkout and scan (default 1): each its own process and ports on the same database, stream and
   * queue; their clients get the comma-separated list of all of them (round-robin).
   */
  replicas?: Partial<Record<ReplicatedComponent, number>>;
  /**
   * Another entry file for a service (from the repository's root) in place of its src/main.ts: a test build of the
   * service, such as ordering with the unguarded reservation for the load section's control run.
   */
  entries?: Partial<Record<ServiceComponent, string>>;
  /**
   * Run the services (and their migrations) from their production bundles, as their images do (the default):
   * `node --enable-source-maps services/<name>/dist/main.js` with NODE_ENV=production, bundled first with
   * scripts/build/bundle-service.mjs, once per test run. A bundle starts in about a second where tsx compiles the
   * service on every start. `false` runs src/main.ts through tsx; a service given another entry always does. The
   * databases are copies of a template migrated from the bundles either way (ensureTemplateDatabase).
   */
  bundles?: boolean;
  /** Services started with --cpu-prof: each writes a V8 CPU profile to .artifacts/profiles/<namespace>-<name> when it stops. */
  cpuProfiles?: ServiceComponent[];
}

/** Where a stack's services write their CPU profiles (StackOptions.cpuProfiles). */
export const profilesDir = join(repoRoot, '.artifacts', 'profiles');

/**
 * Starts the parts of the platform a test asks for, isolated from any other running copy: its own
 * databases, its own NATS subjects and streams and Redis keys (KASSA_NAMESPACE), its own ports.
 */
export async function startStack(label: string, components: Component[], options: StackOptions = {}): Promise<Stack> {
  // Never two heavy runs on the machine's servers at once (heavy-lock.ts); npm test and npm run verify hold it already.
  await ensureHeavyLock();
  const namespace = `${label}${randomBytes(3).toString('hex')}`.toLowerCase().replace(/[^a-z0-9]/g, '');
  const databases = SERVICES_WITH_DATABASES.map((service) => `kassa_e2e_${namespace}_${service}`);
  // Every port of the stack in one go, so that no two of its processes are given the same one.
  const replicaCount = (component: ReplicatedComponent) => Math.max(0, (options.replicas?.[component] ?? 1) - 1);
  const portNames = [
    'identityGrpc',
    'identityHttp',
    'notificationsGrpc',
    'notificationsHttp',
    'catalogGrpc',
    'catalogHttp',
    'orderingGrpc',
    'orderingHttp',
    'paymentsGrpc',
    'paymentsHttp',
    'ticketingGrpc',
    'ticketingHttp',
    'bff',
    'bffMetrics',
    'mailSmtp',
    'mailHttp',
    'otlp',
  ] as const;
  const extraCount = REPLICATED_SERVICES.reduce((sum, component) => sum + replicaCount(component), 0);
  const chosen = await freePorts(portNames.length + 2 * extraCount);
  const ports = Object.fromEntries(portNames.map((name, i) => [name, chosen[i]!])) as Record<
    (typeof portNames)[number],
    number
  >;
  // Replicas after the first: their own gRPC and HTTP ports.
  type ReplicaPorts = { grpc: number; http: number }[];
  const extraReplicaPorts = Object.fromEntries(
    REPLICATED_SERVICES.map((component) => [component, [] as ReplicaPorts]),
  ) as Record<ReplicatedComponent, ReplicaPorts>;
  let next = portNames.length;
  for (const component of REPLICATED_SERVICES) {
    for (let n = 0; n < replicaCount(component); n++)
      extraReplicaPorts[component].push({ grpc: chosen[next++]!, http: chosen[next++]! });
  }
  const addressList = (first: number, component: ReplicatedComponent) =>
    [first, ...extraReplicaPorts[component].map((replica) => replica.grpc)]
      .map((port) => `127.0.0.1:${port}`)
      .join(',');
  const orderingAddress = addressList(ports.orderingGrpc, 'ordering');
  const ticketingAddress = addressList(ports.ticketingGrpc, 'ticketing');
  const grpcPortOf: Record<ServiceComponent, number> = {
    identity: ports.identityGrpc,
    notifications: ports.notificationsGrpc,
    catalog: ports.catalogGrpc,
    ordering: ports.orderingGrpc,
    payments: ports.paymentsGrpc,
    ticketing: ports.ticketingGrpc,
  };
  /** Where the stack's callers reach a service: every replica of checkout and scan, one address for the others. */
  const addressOf = (service: ServiceComponent): string =>
    service === 'ordering'
      ? orderingAddress
      : service === 'ticketing'
        ? ticketingAddress
        : `127.0.0.1:${grpcPortOf[service]}`;
  const info: StackInfo = { namespace, env: {}, databases, metricsUrls: {} };
  const env: Record<string, string> = {
    KASSA_ENV: 'test',
    KASSA_NAMESPACE: namespace,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    KASSA_SEALING_KEY: randomBytes(32).toString('base64url'),
    // Every service and the BFF sign their gRPC calls with it and check the calls they get; tests sign with it too.
    KASSA_CALLER_KEY: randomBytes(32).toString('base64url'),
    NEXT_TELEMETRY_DISABLED: '1',
  };
  if (components.includes('otlp')) {
    info.otlpUrl = `http://127.0.0.1:${ports.otlp}`;
    Object.assign(env, {
      OTEL_EXPORTER_OTLP_ENDPOINT: info.otlpUrl,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
  }
  info.env = env;
  // notifications checks delivery events with it (the BFF only forwards their raw body and signature).
  const emailWebhookSecret = randomBytes(32).toString('base64url');
  info.emailWebhookSecret = emailWebhookSecret;

  const processes = new Map<Component, ManagedProcess>();
  const serviceEnv = {
    identity: {
      ...env,
      DATABASE_URL: databaseUrl(databases[0]!),
      GRPC_PORT: String(ports.identityGrpc),
      HTTP_PORT: String(ports.identityHttp),
      // Every test browser signs in from 127.0.0.1: the per-address limit (30 codes in 15 minutes) would be reached by
      // the suite as a whole. The per-e-mail limit, which the tests check, stays as it is.
      SIGNIN_SEND_LIMIT_PER_IP: '1000',
      ...options.env?.identity,
    },
    notifications: {
      ...env,
      DATABASE_URL: databaseUrl(databases[1]!),
      GRPC_PORT: String(ports.notificationsGrpc),
      HTTP_PORT: String(ports.notificationsHttp),
      SMTP_URL: `smtp://127.0.0.1:${ports.mailSmtp}`,
      PUBLIC_BASE_URL: `http://localhost:${ports.bff}`,
      // The delivery webhook's shared secret (the BFF forwards the raw body and its signature to notifications).
      EMAIL_WEBHOOK_SECRET: emailWebhookSecret,
      ...addressEnvironment(SERVICE_TOPOLOGY.notifications.calls, addressOf),
      ...options.env?.notifications,
    },
    catalog: {
      ...env,
      DATABASE_URL: databaseUrl(databases[2]!),
      GRPC_PORT: String(ports.catalogGrpc),
      HTTP_PORT: String(ports.catalogHttp),
      ...addressEnvironment(SERVICE_TOPOLOGY.catalog.calls, addressOf),
      ...options.env?.catalog,
    },
    ordering: {
      ...env,
      DATABASE_URL: databaseUrl(databases[3]!),
      GRPC_PORT: String(ports.orderingGrpc),
      HTTP_PORT: String(ports.orderingHttp),
      ...addressEnvironment(SERVICE_TOPOLOGY.ordering.calls, addressOf),
      // Every test guest comes from 127.0.0.1 and load runs reuse their buyers' addresses: the open-holds caps have
      // their own test (services/ordering/test/integration/hold-limits.int.test.ts), so stacks start without them.
      ORDERING_MAX_HELD_TICKETS_PER_EMAIL: '1000000',
      ORDERING_MAX_HELD_TICKETS_PER_ADDRESS: '1000000',
      ...options.env?.ordering,
    },
    payments: {
      ...env,
      DATABASE_URL: databaseUrl(databases[4]!),
      GRPC_PORT: String(ports.paymentsGrpc),
      HTTP_PORT: String(ports.paymentsHttp),
      // The built-in demo provider, as `npm run up` runs it: no network, no money.
      PAYMENT_PROVIDER: 'demo',
      ...addressEnvironment(SERVICE_TOPOLOGY.payments.calls, addressOf),
      ...options.env?.payments,
    },
    ticketing: {
      ...env,
      DATABASE_URL: databaseUrl(databases[5]!),
      GRPC_PORT: String(ports.ticketingGrpc),
      HTTP_PORT: String(ports.ticketingHttp),
      ...addressEnvironment(SERVICE_TOPOLOGY.ticketing.calls, addressOf),
      ...options.env?.ticketing,
    },
  };
  const readyUrl = {
    identity: `http://127.0.0.1:${ports.identityHttp}/readyz`,
    notifications: `http://127.0.0.1:${ports.notificationsHttp}/readyz`,
    catalog: `http://127.0.0.1:${ports.catalogHttp}/readyz`,
    ordering: `http://127.0.0.1:${ports.orderingHttp}/readyz`,
    payments: `http://127.0.0.1:${ports.paymentsHttp}/readyz`,
    ticketing: `http://127.0.0.1:${ports.ticketingHttp}/readyz`,
  };

  const httpPortOf: Record<ServiceComponent, number> = {
    identity: ports.identityHttp,
    notifications: ports.notificationsHttp,
    catalog: ports.catalogHttp,
    ordering: ports.orderingHttp,
    payments: ports.paymentsHttp,
    ticketing: ports.ticketingHttp,
  };
  const extraReplicas: ManagedProcess[] = [];
  const entryOf = (component: ServiceComponent): string =>
    options.entries?.[component] ?? join('services', component, 'src', 'main.ts');
  const bundled = (component: ServiceComponent): boolean =>
    options.bundles !== false && options.entries?.[component] === undefined;
  /** One replica of a service: its bundle or its TypeScript entry, with a CPU profile when asked. */
  const serviceProcess = (
    component: ServiceComponent,
    name: string,
    processEnv: Record<string, string>,
  ): ManagedProcess => {
    const profile = options.cpuProfiles?.includes(component)
      ? ['--cpu-prof', `--cpu-prof-dir=${join(profilesDir, `${namespace}-${name}`)}`]
      : [];
    if (!bundled(component))
      return startProcess(
        `${namespace}-${name}`,
        process.execPath,
        [...profile, '--import', 'tsx', entryOf(component)],
        processEnv,
      );
    const bundle = join(repoRoot, 'services', component, 'dist', 'main.js');
    return startProcess(
      `${namespace}-${name}`,
      process.execPath,
      ['--enable-source-maps', ...profile, bundle],
      { NODE_ENV: 'production', ...processEnv },
      join(repoRoot, 'services', component),
    );
  };

  const stack: Stack = {
    info,
    processes,
    async startService(component, extraEnv = {}) {
      if (component === 'bff') return startBff(extraEnv);
      const child = serviceProcess(component, component, { ...serviceEnv[component], ...extraEnv });
      processes.set(component, child);
      info.metricsUrls[component] = `http://127.0.0.1:${httpPortOf[component]}/metrics`;
      await waitForHttp(readyUrl[component], component, 60_000, child);
      return child;
    },
    async stop() {
      // The BFF (`next start`) waits on SIGTERM until every keep-alive connection to it has gone idle, some seconds
      // after the test's last request: a stack that is thrown away gives it one second, then SIGKILL.
      await Promise.all(
        [...extraReplicas, ...[...processes.values()].reverse()].map((p) =>
          p.stop(p === processes.get('bff') ? 1_000 : undefined),
        ),
      );
      await dropDatabases(databases);
      await deleteNamespaceStreams(namespace);
    },
  };

  try {
    await dropDatabases(databases);
    // Every service's database copied from a template migrated once per set of migrations (the bundle's migrate.js),
    // beside the mail inbox's and trace receiver's start; bundled one after the other first (esbuild uses both cores).
    const migrated = SERVICES_WITH_DATABASES.flatMap((service, i) =>
      components.includes(service) ? [{ service, database: databases[i]! }] : [],
    );
    for (const { service } of migrated) bundleServiceOnce(service);
    await Promise.all([
      ...migrated.map(async ({ service, database }) => {
        const migrate = join(repoRoot, 'services', service, 'dist', 'migrate.js');
        const key = createHash('sha256').update(readFileSync(migrate)).digest('hex');
        // `<service>_bundle`: the integration tests' templates of the same schema, migrated in-process, are keyed apart.
        const template = await ensureTemplateDatabase(`${service}_bundle`, key, async (url) => {
          await execFileAsync(process.execPath, [migrate], {
            cwd: repoRoot,
            env: { ...process.env, ...serviceEnv[service], DATABASE_URL: url },
          });
        });
        await createDatabaseFromTemplate(database, template);
      }),
      startAuxiliaries(),
    ]);
    // In the topology's order (@kassa/platform/topology): identity, then the others at once.
    for (const phase of START_PHASES) {
      await Promise.all(
        phase
          .filter((service) => components.includes(service))
          .map(async (service) => {
            await stack.startService(service);
            if (isReplicated(service)) await startExtraReplicas(service);
            info[`${service}Grpc`] = addressOf(service);
          }),
      );
    }
    if (components.includes('bff')) await startBff();
  } catch (error) {
    await stack.stop().catch(() => undefined);
    throw error;
  }
  return stack;

  /** The trace receiver and the mail inbox, when asked for. */
  async function startAuxiliaries(): Promise<void> {
    if (components.includes('otlp')) {
      const otlp = tsxProcess(`${namespace}-otlp`, join('testing', 'src', 'otlp-receiver.ts'), {
        OTLP_RECEIVER_PORT: String(ports.otlp),
      });
      processes.set('otlp', otlp);
      await waitForHttp(`${info.otlpUrl}/api/spans`, 'OTLP receiver', 30_000, otlp);
    }
    if (components.includes('mail')) {
      info.mailInboxUrl = `http://127.0.0.1:${ports.mailHttp}`;
      const mail = tsxProcess(`${namespace}-mail`, join('testing', 'src', 'mail-inbox.ts'), {
        MAIL_INBOX_SMTP_PORT: String(ports.mailSmtp),
        MAIL_INBOX_HTTP_PORT: String(ports.mailHttp),
      });
      processes.set('mail', mail);
      await waitForHttp(`${info.mailInboxUrl}/api/messages`, 'mail inbox', 30_000, mail);
    }
  }

  /** The BFF (`next start` of the last build), started again the same way after a stop or a kill. */
  async function startBff(extraEnv: Record<string, string> = {}): Promise<ManagedProcess> {
    info.bffUrl = `http://localhost:${ports.bff}`;
    const bff = startProcess(
      `${namespace}-bff`,
      process.execPath,
      [join(repoRoot, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(ports.bff)],
      {
        ...env,
        ...addressEnvironment(BFF_PART.calls, addressOf),
        PORT: String(ports.bff),
        METRICS_PORT: String(ports.bffMetrics),
        ...options.env?.bff,
        ...extraEnv,
      },
      join(repoRoot, 'bff'),
    );
    processes.set('bff', bff);
    info.metricsUrls.bff = `http://127.0.0.1:${ports.bffMetrics}/metrics`;
    await waitForHttp(`${info.bffUrl}/api/_auth/session`, 'BFF', 60_000, bff);
    return bff;
  }

  /** Replicas 2…n of a service: the first replica's environment on their own ports. */
  async function startExtraReplicas(component: ReplicatedComponent): Promise<void> {
    for (const [index, replicaPorts] of extraReplicaPorts[component].entries()) {
      const name = `${component}-${index + 2}`;
      const child = serviceProcess(component, name, {
        ...serviceEnv[component],
        GRPC_PORT: String(replicaPorts.grpc),
        HTTP_PORT: String(replicaPorts.http),
      });
      extraReplicas.push(child);
      info.metricsUrls[name] = `http://127.0.0.1:${replicaPorts.http}/metrics`;
      await waitForHttp(`http://127.0.0.1:${replicaPorts.http}/readyz`, name, 60_000, child);
    }
  }
}

/** The streams the services made under this stack's namespace ("KASSA_<SERVICE>_<NS>"), so a run leaves nothing behind. */
async function deleteNamespaceStreams(namespace: string): Promise<void> {
  const suffix = `_${namespace.toUpperCase()}`;
  const nats = await connect({
    servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    ...natsAuthOptions(NATS_ADMIN_USER),
  });
  try {
    const jsm = await jetstreamManager(nats);
    const names: string[] = [];
    for await (const stream of jsm.streams.list())
      if (stream.config.name.endsWith(suffix)) names.push(stream.config.name);
    for (const name of names) await jsm.streams.delete(name);
  } finally {
    await nats.close();
  }
}
