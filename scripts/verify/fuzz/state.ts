// "Nothing changed": one digest per table of every database of the stack (every row, in a fixed order, all columns),
// and the number of messages in every JetStream stream of the stack's namespace. Taken before the fuzzing and after
// it, once the platform is quiet; any difference is a change made by bad input.
import { setTimeout as sleep } from 'node:timers/promises';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Client } from 'pg';
import { NATS_ADMIN_USER, natsAuthOptions } from '@kassa/platform/messaging';

/**
 * Columns that change by themselves, left out of the digest — one, on purpose: identity moves a session's
 * `last_seen_at` when the session is used (at most once a minute), so every request of a signed-in fuzzer would
 * "change" identity otherwise. Everything else of the session row (revoked_at above all) stays in.
 */
export const VOLATILE_COLUMNS: Record<string, string[]> = { 'identity.sessions': ['last_seen_at'] };

/** `kassa_e2e_<ns>_identity` → `identity`. */
export const serviceOfDatabase = (name: string): string => /_([a-z]+)$/.exec(name)?.[1] ?? name;

export type Digest = Map<string, string>;

/** `schema.table` → md5 of its rows (as text, sorted), for every table of each database. */
export async function databaseDigest(databaseUrls: { name: string; url: string }[]): Promise<Digest> {
  const digest: Digest = new Map();
  for (const { name, url } of databaseUrls) {
    const service = serviceOfDatabase(name);
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ schema: string; table: string }>(
        "select table_schema as schema, table_name as table from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2",
      );
      for (const { schema, table } of tables) {
        const { rows: columns } = await client.query<{ column: string }>(
          'select column_name as column from information_schema.columns where table_schema = $1 and table_name = $2 order by ordinal_position',
          [schema, table],
        );
        const skipped = VOLATILE_COLUMNS[`${service}.${table}`] ?? [];
        const kept = columns.map((c) => c.column).filter((column) => !skipped.includes(column));
        const row = `(${kept.map((column) => `t."${column}"`).join(', ')})::text`;
        const { rows } = await client.query<{ count: string; digest: string | null }>(
          `select count(*)::text as count, md5(string_agg(${row}, E'\\n' order by ${row})) as digest from "${schema}"."${table}" t`,
        );
        digest.set(
          `${service}.${schema === 'public' ? '' : `${schema}.`}${table}`,
          `${rows[0]!.count}:${rows[0]!.digest ?? '-'}`,
        );
      }
    } finally {
      await client.end();
    }
  }
  return digest;
}

/** The tables whose digest differs (added, removed or changed), as `service.table (rows before → after)`. */
export function changedTables(before: Digest, after: Digest): string[] {
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  return names
    .filter((name) => before.get(name) !== after.get(name))
    .map(
      (name) =>
        `${name} (rows ${before.get(name)?.split(':')[0] ?? 'none'} → ${after.get(name)?.split(':')[0] ?? 'none'})`,
    );
}

/** Messages per stream of the namespace (streams are named `<NAME>_<NAMESPACE>`). */
export async function streamCounts(
  namespace: string,
  natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
): Promise<Map<string, number>> {
  const suffix = `_${namespace.toUpperCase()}`;
  const nats = await connect({ servers: natsUrl, ...natsAuthOptions(NATS_ADMIN_USER) });
  try {
    const jsm = await jetstreamManager(nats);
    const counts = new Map<string, number>();
    for await (const stream of jsm.streams.list())
      if (stream.config.name.endsWith(suffix)) counts.set(stream.config.name, stream.state.messages);
    return counts;
  } finally {
    await nats.close();
  }
}

/** Messages published between two counts, over all streams (a stream that appeared counts from zero). */
export function messagesPublished(before: Map<string, number>, after: Map<string, number>): number {
  let published = 0;
  for (const [name, count] of after) published += Math.max(0, count - (before.get(name) ?? 0));
  return published;
}

export interface PlatformState {
  digest: Digest;
  streams: Map<string, number>;
  /** False when it was still changing at the timeout. */
  quiet: boolean;
}

/**
 * Waits until the databases and streams stop changing: the same digest and counts `quietRounds` times in a row,
 * `intervalMs` apart (the outbox relays, consumers and e-mail sends finish). Returns the last state seen.
 */
export async function quietState(
  read: () => Promise<{ digest: Digest; streams: Map<string, number> }>,
  { intervalMs = 2_000, quietRounds = 2, timeoutMs = 120_000 } = {},
): Promise<PlatformState> {
  const deadline = Date.now() + timeoutMs;
  let previous = await read();
  let quiet = 0;
  for (;;) {
    await sleep(intervalMs);
    const next = await read();
    const same =
      changedTables(previous.digest, next.digest).length === 0 &&
      messagesPublished(previous.streams, next.streams) === 0;
    quiet = same ? quiet + 1 : 0;
    previous = next;
    if (quiet >= quietRounds) return { ...next, quiet: true };
    if (Date.now() > deadline) return { ...next, quiet: false };
  }
}
