// The baseline: what this PostgreSQL does with the bare form of a reservation, a conditional increment of a counter
// row (`taken + 1 <= capacity`), from 16 pgbench clients. Once on one hot row (every client queues on the same row
// lock: the ceiling of a quota kept in one row) and once over 16 rows picked at random (how buckets spread the same
// writes). Each statement is its own transaction, committed with the server's settings (synchronous_commit as set).
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { createTestDatabase } from '@kassa/platform/testing';
import type { Cleanup } from '../lib/cleanup';
import type { Samples } from '../lib/closed-loop';
import type { Side } from './round-robin';

const run = promisify(execFile);

export const PGBENCH_CLIENTS = 16;
const PGBENCH_THREADS = 2;
export const SHARDED_ROWS = 16;
/** Far more than any run takes, so the condition is evaluated and never refuses. */
const CAPACITY = 2_000_000_000;

const HOT_SCRIPT = 'update counter set taken = taken + 1 where id = 1 and taken + 1 <= capacity;\n';
const SHARDED_SCRIPT = `\\set id random(1, ${SHARDED_ROWS})\nupdate counter set taken = taken + 1 where id = :id and taken + 1 <= capacity;\n`;

export interface PgbenchSides {
  hot: Side;
  sharded: Side;
  /** Fails unless the counters grew by exactly one per pgbench transaction (the condition never refused). */
  verify(): Promise<void>;
}

/**
 * A scratch database with `counter(id, capacity, taken)` (CHECK taken <= capacity, as the platform's buckets have),
 * 16 rows, and the two pgbench scripts as sides for the round robin. Dropped at cleanup.
 */
export async function preparePgbench(cleanup: Cleanup): Promise<PgbenchSides> {
  await run('pgbench', ['--version']).catch((error: unknown) => {
    throw new Error(`pgbench is needed for the baseline (Debian: apt-get install postgresql-client): ${String(error)}`);
  });
  const database = await createTestDatabase('bench_onsale_pgbench');
  cleanup.add(`drop database ${database.name}`, () => database.drop());
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(
      'create table counter (id integer primary key, capacity integer not null, taken integer not null default 0 check (taken <= capacity))',
    );
    await client.query(
      `insert into counter (id, capacity) select g, ${CAPACITY} from generate_series(1, ${SHARDED_ROWS}) g`,
    );
  } finally {
    await client.end();
  }
  const dir = await mkdtemp(join(tmpdir(), 'kassa-bench-onsale-'));
  cleanup.add(`remove ${dir}`, () => rm(dir, { recursive: true, force: true }));
  await writeFile(join(dir, 'hot.sql'), HOT_SCRIPT);
  await writeFile(join(dir, 'sharded.sql'), SHARDED_SCRIPT);

  const transactions = { hot: 0, sharded: 0 };
  let runs = 0;
  const round = async (script: 'hot' | 'sharded', seconds: number): Promise<Samples> => {
    runs += 1;
    const prefix = `${script}-${runs}`;
    const { stdout } = await run('pgbench', [
      '-n',
      '-c',
      String(PGBENCH_CLIENTS),
      '-j',
      String(PGBENCH_THREADS),
      '-T',
      String(seconds),
      '-f',
      join(dir, `${script}.sql`),
      '-l',
      `--log-prefix=${join(dir, prefix)}`,
      database.url,
    ]);
    const processed = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? Number.NaN);
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1] ?? Number.NaN);
    if (!(processed > 0) || !(tps > 0) || failed !== 0)
      throw new Error(`pgbench ${script}: could not read a clean result from:\n${stdout}`);
    transactions[script] += processed;
    // The per-transaction log (one file per thread): the third column is the latency in µs.
    const latenciesMs: number[] = [];
    for (const name of (await readdir(dir)).filter((file) => file.startsWith(`${prefix}.`))) {
      for (const line of (await readFile(join(dir, name), 'utf8')).split('\n')) {
        const fields = line.split(' ');
        if (fields.length >= 3) latenciesMs.push(Number(fields[2]) / 1000);
      }
      await rm(join(dir, name));
    }
    if (latenciesMs.length !== processed)
      throw new Error(`pgbench ${script}: ${latenciesMs.length} logged transactions, ${processed} reported`);
    // Time without the connections' set-up, as pgbench's own tps counts it.
    return { latenciesMs, elapsedMs: (processed / tps) * 1000 };
  };

  const side = (script: 'hot' | 'sharded', label: string): Side => ({
    label,
    warmup: async () => void (await round(script, 1)),
    round: (ms) => round(script, Math.max(1, Math.round(ms / 1000))),
  });
  return {
    hot: side('hot', `pgbench, one hot row, ${PGBENCH_CLIENTS} clients`),
    sharded: side('sharded', `pgbench, ${SHARDED_ROWS} rows at random, ${PGBENCH_CLIENTS} clients`),
    async verify() {
      const reader = new Client({ connectionString: database.url });
      await reader.connect();
      try {
        const { rows } = await reader.query<{ taken: string }>('select sum(taken) as taken from counter');
        const expected = transactions.hot + transactions.sharded;
        if (Number(rows[0]!.taken) !== expected)
          throw new Error(`pgbench counters hold ${rows[0]!.taken}, expected ${expected} (one per transaction)`);
      } finally {
        await reader.end();
      }
    },
  };
}
