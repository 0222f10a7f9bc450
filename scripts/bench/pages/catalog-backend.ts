import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { repoRoot } from '@kassa/testing/processes';
import { databaseUrl, startStack } from '@kassa/testing/stack';
import type { Cleanup } from '../lib/cleanup';
import type { ProcessGroup } from '../lib/process-cpu';
import { profiledServices, serviceProcessGroups } from '../lib/stack-processes';

export interface CatalogBackend {
  /** host:port of the catalog gRPC server, for the BFF's CATALOG_GRPC_ADDRESS. */
  grpcAddress: string;
  /** The stack's KASSA_CALLER_KEY (base64url): the BFF started beside it signs its calls with it. */
  callerKey: string;
  /** The seed's live event with two ticket options (the summer concert). */
  liveEventId: string;
  /** catalog's process, for CPU per request. */
  processGroups: ProcessGroup[];
}

/**
 * A real catalog service for the event page: its own database, namespace and ports (the e2e stack), filled by
 * catalog's own seed (the use cases on the system path). Identity is not started: catalog needs none to start, and
 * GetPublicEvent is anonymous, so its identity address stays a closed port and a call to it would fail the page.
 * The stack is stopped and its databases dropped at cleanup, also when a later step fails.
 */
export async function startCatalogWithLiveEvent(cleanup: Cleanup): Promise<CatalogBackend> {
  // warn, as for next start (next-server.ts): at info catalog writes a log line per gRPC call.
  const stack = await startStack('benchpages', ['catalog'], {
    env: { catalog: { LOG_LEVEL: 'warn' } },
    bundles: true,
    cpuProfiles: profiledServices(),
  });
  cleanup.add('stop catalog and drop its databases', () => stack.stop());
  const catalogDatabase = databaseUrl(stack.info.databases.find((name) => name.endsWith('_catalog'))!);

  // The seed's output goes to stderr, so stdout stays the report.
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', join('services', 'catalog', 'src', 'persistence', 'seed.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, ...stack.info.env, LOG_LEVEL: 'warn', DATABASE_URL: catalogDatabase },
      stdio: ['ignore', process.stderr, process.stderr],
    },
  );
  if (seed.status !== 0) throw new Error(`seeding catalog failed (exit ${seed.status ?? seed.signal})`);

  return {
    grpcAddress: stack.info.catalogGrpc!,
    callerKey: stack.info.env.KASSA_CALLER_KEY!,
    liveEventId: await readLiveEventId(catalogDatabase),
    processGroups: serviceProcessGroups(stack),
  };
}

/** The seeded live event with two ticket options, read in a read-only session; anything but exactly one fails the run. */
async function readLiveEventId(url: string): Promise<string> {
  const client = new Client({ connectionString: url, options: '-c default_transaction_read_only=on' });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; options: number }>(
      `select e.id, (select count(*) from ticket_option t where t.event_id = e.id)::int as options from event e where e.status = 'live'`,
    );
    const withTwo = rows.filter((row) => row.options === 2);
    if (withTwo.length !== 1)
      throw new Error(`expected one live event with two ticket options in catalog, found ${JSON.stringify(rows)}`);
    return withTwo[0]!.id;
  } finally {
    await client.end();
  }
}
