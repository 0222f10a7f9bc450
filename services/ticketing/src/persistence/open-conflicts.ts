// Unresolved offline conflicts of an event, for its ticket figures. The table is the scanner's
// (src/persistence/scanning, migration 20270110); the scanner's part may take this query over into its repository.
import type { EntityManager } from '@mikro-orm/postgresql';

export async function countOpenConflicts(em: EntityManager, organisationId: string, eventId: string): Promise<number> {
  const [row] = await em.execute<{ open: number }[]>(
    'select count(*)::int as open from scan_conflict where organisation_id = ? and event_id = ? and resolved_at is null',
    [organisationId, eventId],
  );
  return row?.open ?? 0;
}
