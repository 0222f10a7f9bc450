import type { EntityManager } from '@mikro-orm/postgresql';

export interface ConflictListRow {
  ticketId: string;
  reference: string;
  firstCheckedInAt: Date;
  firstDevice: string;
  secondCheckedInAt: Date;
  secondDevice: string;
  recordedAt: Date;
}

/** An event's conflicts with their tickets' references, newest first. */
export async function listEventConflicts(
  em: EntityManager,
  organisationId: string,
  eventId: string,
): Promise<ConflictListRow[]> {
  const rows = await em.execute<
    {
      ticket_id: string;
      reference: string;
      first_checked_in_at: Date;
      first_device: string;
      second_checked_in_at: Date;
      second_device: string;
      recorded_at: Date;
    }[]
  >(
    `select c.ticket_id, t.reference, c.first_checked_in_at, c.first_device, c.second_checked_in_at, c.second_device, c.recorded_at
       from scan_conflict c join ticket t on t.id = c.ticket_id
      where c.organisation_id = ? and c.event_id = ?
      order by c.recorded_at desc, c.id desc`,
    [organisationId, eventId],
  );
  return rows.map((row) => ({
    ticketId: row.ticket_id,
    reference: row.reference,
    firstCheckedInAt: new Date(row.first_checked_in_at),
    firstDevice: row.first_device,
    secondCheckedInAt: new Date(row.second_checked_in_at),
    secondDevice: row.second_device,
    recordedAt: new Date(row.recorded_at),
  }));
}

/** Unresolved conflicts at an event (GetEventTicketStats.open_conflicts): the partial index scan_conflict_open_idx. */
export async function countOpenConflicts(em: EntityManager, organisationId: string, eventId: string): Promise<number> {
  const [row] = await em.execute<{ open: number }[]>(
    'select count(*)::int as open from scan_conflict where event_id = ? and organisation_id = ? and resolved_at is null',
    [eventId, organisationId],
  );
  return row?.open ?? 0;
}
