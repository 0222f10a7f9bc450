// What the page costs the databases, read from PostgreSQL's cumulative statistics per table (pg_stat_user_tables):
// table scans (seq_scan + idx_scan; a query reading one table is one scan, a join one per table) on every table but
// the outbox/inbox bookkeeping, and rows written on every table. pg_stat_statements would count statements exactly,
// but it needs shared_preload_libraries and a server restart, which a benchmark on a shared server must not do.
// Backends flush their counters at most every second and when idle within ~10 s, so a reading waits that out first;
// background work (sweepers re-deriving jobs) is measured over an idle window and subtracted.
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { databaseUrl } from '@kassa/testing/stack';

export interface Activity {
  /** seq_scan + idx_scan over the tables a page reads (outbox and inbox tables left out: their relays poll them). */
  scans: number;
  /** n_tup_ins + n_tup_upd + n_tup_del over every table. */
  rowsWritten: number;
}

/** How long to wait for every backend's pending counters to reach the shared statistics. */
export const FLUSH_WAIT_MS = 11_000;

export class DatabaseActivity {
  private constructor(private readonly clients: Client[]) {}

  /** One connection per database: table statistics are per database. */
  static async open(databases: string[]): Promise<DatabaseActivity> {
    const clients = databases.map((name) => new Client({ connectionString: databaseUrl(name) }));
    await Promise.all(clients.map((client) => client.connect()));
    return new DatabaseActivity(clients);
  }

  /** The counters now, summed over the databases (reading pg_stat views scans no user table). */
  async read(): Promise<Activity> {
    const total: Activity = { scans: 0, rowsWritten: 0 };
    for (const client of this.clients) {
      await client.query('select pg_stat_clear_snapshot()');
      const { rows } = await client.query<{ scans: string; written: string }>(
        `select coalesce(sum(case when relname ~ '(outbox|inbox)' then 0 else seq_scan + coalesce(idx_scan, 0) end), 0) as scans,
                coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) as written
           from pg_stat_user_tables`,
      );
      total.scans += Number(rows[0]!.scans);
      total.rowsWritten += Number(rows[0]!.written);
    }
    return total;
  }

  /**
   * The activity while `work` runs (and while its counters flush), minus what the same stretch of time costs when
   * idle (`idlePerMs`).
   */
  async during(work: () => Promise<void>, idlePerMs: Activity): Promise<Activity & { ms: number }> {
    await sleep(FLUSH_WAIT_MS);
    const before = await this.read();
    const started = performance.now();
    await work();
    const ms = performance.now() - started;
    await sleep(FLUSH_WAIT_MS);
    const after = await this.read();
    const elapsed = performance.now() - started;
    return {
      ms,
      scans: Math.max(0, after.scans - before.scans - idlePerMs.scans * elapsed),
      rowsWritten: Math.max(0, after.rowsWritten - before.rowsWritten - idlePerMs.rowsWritten * elapsed),
    };
  }

  /** Background activity per ms with nobody asking for pages. */
  async idleRate(ms: number): Promise<Activity> {
    await sleep(FLUSH_WAIT_MS);
    const before = await this.read();
    const started = performance.now();
    await sleep(ms);
    const after = await this.read();
    const elapsed = performance.now() - started;
    return {
      scans: (after.scans - before.scans) / elapsed,
      rowsWritten: (after.rowsWritten - before.rowsWritten) / elapsed,
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.end()));
  }
}
