// What the organisations' data looks like in every service's database: per table, a digest of the rows that name one
// of their ids. A refused request must leave every digest as it was; comparing before and after shows any write,
// whatever status the request was answered with.
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { databaseUrl } from '@kassa/testing/stack';

// Rows background work changes by itself: a session's last use, expired sign-in state, applied migrations.
const IGNORED_TABLES = ['sessions', 'sign_in_challenges', 'oidc_login_states', 'mikro_orm_migrations'];
// The outbox relay marks rows published in its own time: an outbox row counts by what it says, not its state.
const ROW_TEXT: Record<string, string> = { outbox: "t.id || t.subject || encode(t.payload, 'hex')" };
const SCOPE_TEXT: Record<string, string> = {
  outbox: "t.subject || encode(t.payload, 'escape')",
  email_status_change:
    "(select coalesce(m.organisation_id, '') || m.subject_ref from email_message m where m.id = t.message_id)",
};

export interface Fingerprints {
  /** `service.table` → digest of the rows naming one of the ids ('-' for none). */
  take(): Promise<Map<string, string>>;
  /** Takes fingerprints a second apart until two agree (set-up's consumers are done), at most `timeoutMs`. */
  settled(timeoutMs?: number): Promise<Map<string, string>>;
  close(): Promise<void>;
}

/** The tables whose digest differs between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((table) => before.get(table) !== after.get(table))
    .sort();
}

export async function fingerprints(databases: string[], ids: () => string[]): Promise<Fingerprints> {
  const clients: { service: string; client: Client }[] = [];
  for (const name of databases) {
    const service = /_(identity|catalog|ordering|payments|ticketing|notifications)$/.exec(name)?.[1];
    if (!service) continue;
    const client = new Client({ connectionString: databaseUrl(name) });
    await client.connect();
    clients.push({ service, client });
  }
  const take = async () => {
    const digests = new Map<string, string>();
    for (const { service, client } of clients) {
      const { rows: tables } = await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and not (table_name = any($1)) order by 1",
        [IGNORED_TABLES],
      );
      for (const { name } of tables) {
        const row = ROW_TEXT[name] ?? 't::text';
        const { rows } = await client.query<{ digest: string | null }>(
          `select md5(string_agg(${row}, '|' order by ${row})) as digest from "${name}" t where exists (select 1 from unnest($1::text[]) id where strpos(${SCOPE_TEXT[name] ?? 't::text'}, id) > 0)`,
          [ids()],
        );
        digests.set(`${service}.${name}`, rows[0]!.digest ?? '-');
      }
    }
    return digests;
  };
  return {
    take,
    async settled(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      let previous = await take();
      for (;;) {
        await sleep(1_000);
        const next = await take();
        if (changedTables(previous, next).length === 0) return next;
        if (Date.now() > deadline)
          throw new Error(`the organisations' data kept changing: ${changedTables(previous, next).join(', ')}`);
        previous = next;
      }
    },
    async close() {
      await Promise.all(clients.map(({ client }) => client.end()));
    },
  };
}
