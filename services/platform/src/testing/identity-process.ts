import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { bundleServiceOnce, repositoryRoot } from './service-bundle';
import { promisify } from 'node:util';
import { HealthCheckResponse_ServingStatus, HealthClient } from '@kassa/proto/grpc/health/v1/health';
import { type CallerKey, callerKeyFromRoot, createGrpcClient } from '../grpc';
import { Client } from 'pg';
import { databaseNameOf, quoteIdentifier, withDatabase } from '../persistence/database-url';
import { adminDatabaseUrl, uniqueName } from './database';
import { freePorts } from './free-port';

// The identity service as a real child process, for other services' integration tests and system tests. The
// platform knows no service's code: it runs identity's own migrate and main entries from the repository.

export interface IdentityProcessOptions {
  /** KASSA_NAMESPACE: the streams, subjects and Redis keys this copy uses (lower-case letters and digits). */
  namespace: string;
  /** KASSA_SEALING_KEY, base64url of 32 bytes; the driver needs the same one to open codes and tokens. */
  sealingKey: string;
  /** KASSA_CALLER_KEY, the development root the process derives its caller keys from (testCallerKeyText in a test). */
  callerRoot: string;
  /** A database to create (if missing) and migrate; a fresh `kassa_test_identity_<random>` by default, dropped on stop. */
  databaseName?: string;
  /** More environment for the service, e.g. LOG_LEVEL (warn by default; IDENTITY_PROCESS_OUTPUT=stderr shows its output). */
  env?: Record<string, string>;
  /** How long to wait for migrations and for gRPC health (default 60 s). */
  timeoutMs?: number;
}

export interface IdentityProcess {
  /** host:port of identity's gRPC server. */
  grpcAddress: string;
  databaseUrl: string;
  /** SIGTERM, wait for a graceful exit (SIGKILL after 15 s), then drop the database it created. */
  stop(): Promise<void>;
}

/** Where prepareIdentityBundle tells startIdentityProcess (in the test workers, through the environment) to find identity's bundle. */
export const IDENTITY_BUNDLE_ENV = 'KASSA_IDENTITY_BUNDLE';

/**
 * Bundles identity once for a whole test run (a jest globalSetup calls it before the workers start): every
 * startIdentityProcess then starts the bundle.
 */
export function prepareIdentityBundle(): void {
  process.env[IDENTITY_BUNDLE_ENV] = bundleServiceOnce('identity');
}

export async function startIdentityProcess(options: IdentityProcessOptions): Promise<IdentityProcess> {
  const root = repositoryRoot();
  const timeoutMs = options.timeoutMs ?? 60_000;
  const ownDatabase = !options.databaseName;
  const databaseUrl = withDatabase(adminDatabaseUrl(), options.databaseName ?? uniqueName('kassa_test_identity'));
  const [grpcPort, httpPort] = (await freePorts(2)) as [number, number];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KASSA_ENV: 'test',
    LOG_LEVEL: 'warn',
    ...options.env,
    DATABASE_URL: databaseUrl,
    GRPC_PORT: String(grpcPort),
    HTTP_PORT: String(httpPort),
    KASSA_NAMESPACE: options.namespace,
    KASSA_SEALING_KEY: options.sealingKey,
    KASSA_CALLER_KEY: options.callerRoot,
  };
  // The bundle a test run prepared (prepareIdentityBundle), as the image runs it; else the sources through tsx.
  const bundle = process.env[IDENTITY_BUNDLE_ENV];
  const command = (entry: 'main' | 'migrate'): string[] =>
    bundle
      ? ['--enable-source-maps', join(bundle, `${entry}.js`)]
      : [
          '--import',
          'tsx',
          join(
            root,
            'services',
            'identity',
            'src',
            ...(entry === 'main' ? ['main.ts'] : ['persistence', 'migrate.ts']),
          ),
        ];
  const cwd = bundle ? join(root, 'services', 'identity') : root;

  // migrate creates the database when it is missing.
  await promisify(execFile)(process.execPath, command('migrate'), { cwd, env, timeout: timeoutMs }).catch(
    (error: { stderr?: string; message: string }) => {
      throw new Error(`identity migrations failed: ${error.stderr || error.message}`, { cause: error });
    },
  );

  const child = spawn(process.execPath, command('main'), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  // The last output, for the error when it does not come up.
  const keep = (chunk: Buffer) => {
    if (process.env.IDENTITY_PROCESS_OUTPUT === 'stderr') process.stderr.write(chunk);
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const grpcAddress = `127.0.0.1:${grpcPort}`;
  const dropDatabase = () => (ownDatabase ? dropTestDatabase(databaseUrl) : Promise.resolve());
  const stop = async () => {
    await stopChild(child, exited);
    await dropDatabase();
  };

  try {
    await waitForServing(grpcAddress, callerKeyFromRoot(options.callerRoot), child, timeoutMs);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- identity output ---\n${output.join('').slice(-4000)}`, {
      cause: error,
    });
  }
  return { grpcAddress, databaseUrl, stop };
}

async function waitForServing(
  address: string,
  callerKey: CallerKey,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const health = createGrpcClient(HealthClient, address, { callerKey, deadlineMs: 1_000 });
  const deadline = Date.now() + timeoutMs;
  let last = '';
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`identity exited with ${child.exitCode} before it was serving`);
      try {
        const reply = await health.check({ service: '' });
        if (reply.status === HealthCheckResponse_ServingStatus.SERVING) return;
        last = HealthCheckResponse_ServingStatus[reply.status] ?? String(reply.status);
      } catch (error) {
        last = (error as Error).message;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`identity was not serving on ${address} after ${timeoutMs} ms (${last})`);
  } finally {
    health.close();
  }
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(databaseNameOf(databaseUrl))} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
