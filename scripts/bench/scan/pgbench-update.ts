// The baseline: what this PostgreSQL does with the bare form of a check-in, an uncontended single-row UPDATE (each
// transaction one row picked at random from 10,000, so clients practically never meet on a row), from pgbench.
// Closed (as many clients as the scans in flight, for as long as the scans ran) and at a fixed rate (-R).
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { createTestDatabase } from '@kassa/platform/testing';
import type { Cleanup } from '../lib/cleanup';
import { type Measured, summarize } from './load';

const run = promisify(execFile);

export const PGBENCH_ROWS = 10_000;
const PGBENCH_THREADS = 2;
export const PGBENCH_SCRIPT = `\\set id random(1, ${PGBENCH_ROWS})\nupdate seat set admitted = admitted + 1 where id = :id;\n`;

export interface PgbenchRun extends Measured {
  /** tps as pgbench counts it (without the connections' set-up). */
  tps: number;
  clients: number;
  seconds: number;
  rate?: number;
}

export interface UpdateBaseline {
  /** `clients` clients for `seconds`, closed (each sends its next transaction when the last one committed) or at `rate` per second. */
  measure(options: { clients: number; seconds: number; rate?: number }): Promise<PgbenchRun>;
  /** Fails unless the rows grew by exactly one per transaction pgbench reported. */
  verify(): Promise<void>;
}

/** A scratch database with `seat(id, admitted)` of 10,000 rows; dropped at cleanup. */
export async function prepareUpdateBaseline(cleanup: Cleanup): Promise<UpdateBaseline> {
  await run('pgbench', ['--version']).catch((error: unknown) => {
    throw new Error(`pgbench is needed for the baseline (Debian: apt-get install postgresql-client): ${String(error)}`);
  });
  const database = await createTestDatabase('bench_scan_pgbench');
  cleanup.add(`drop database ${database.name}`, () => database.drop());
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('create table seat (id integer primary key, admitted bigint not null default 0)');
    await client.query(`insert into seat (id) select g from generate_series(1, ${PGBENCH_ROWS}) g`);
    await client.query('vacuum analyze seat');
  } finally {
    await client.end();
  }
  const dir = await mkdtemp(join(tmpdir(), 'kassa-bench-scan-'));
  cleanup.add(`remove ${dir}`, () => rm(dir, { recursive: true, force: true }));
  const script = join(dir, 'update.sql');
  await writeFile(script, PGBENCH_SCRIPT);

  let transactions = 0;
  let runs = 0;
  return {
    async measure({ clients, seconds, rate }) {
      runs += 1;
      const prefix = join(dir, `run-${runs}`);
      const args = [
        '-n',
        '-c',
        String(clients),
        '-j',
        String(Math.min(PGBENCH_THREADS, clients)),
        '-T',
        String(seconds),
        '-f',
        script,
        '-l',
        `--log-prefix=${prefix}`,
      ];
      if (rate !== undefined) args.push('-R', String(rate));
      const { stdout } = await run('pgbench', [...args, database.url]);
      const processed = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? Number.NaN);
      const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
      const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1] ?? Number.NaN);
      if (!(processed > 0) || !(tps > 0) || failed !== 0)
        throw new Error(`pgbench: could not read a clean result from:\n${stdout}`);
      transactions += processed;
      // The per-transaction log (one file per thread): the third column is the latency in µs, with -R counted from
      // the transaction's scheduled start (pgbench's own latency under -R), as the open-loop scans are.
      const latenciesMs: number[] = [];
      const name = `run-${runs}.`;
      for (const file of (await readdir(dir)).filter((entry) => entry.startsWith(name))) {
        for (const line of (await readFile(join(dir, file), 'utf8')).split('\n')) {
          const fields = line.split(' ');
          if (fields.length >= 3) latenciesMs.push(Number(fields[2]) / 1000);
        }
        await rm(join(dir, file));
      }
      if (latenciesMs.length !== processed)
        throw new Error(`pgbench: ${latenciesMs.length} logged transactions, ${processed} reported`);
      return { ...summarize(latenciesMs, (processed / tps) * 1000), tps, clients, seconds, rate };
    },
    async verify() {
      const reader = new Client({ connectionString: database.url });
      await reader.connect();
      try {
        const { rows } = await reader.query<{ admitted: string }>('select sum(admitted) as admitted from seat');
        if (Number(rows[0]!.admitted) !== transactions)
          throw new Error(
            `pgbench rows hold ${rows[0]!.admitted} updates, expected ${transactions} (one per transaction)`,
          );
      } finally {
        await reader.end();
      }
    },
  };
}
