import type { EntityManager } from '@mikro-orm/postgresql';

/** Which of the kit's tickets: all of them, or `limit` in ticket id order after the id `after` ('' from the start). */
export type KitRange = { limit: number; after: string } | 'all';

export interface KitTicketRow {
  id: string;
  reference: string;
  status: string;
  itemName: string;
  checkedInAt: Date | null;
  checkedInDevice: string | null;
}

/**
 * Every ticket of the organisation granting the event that a scanner may be shown: valid, used and held (reserved,
 * so that a typed reference answers "unpaid" offline too), and canceled ones that had been issued (their codes
 * exist and must be refused). Canceled tickets that were never issued had no code and are left out. A page is a
 * range of ticket_access_event_idx (event_id, ticket_id), however deep it lies.
 */
export async function loadKitTickets(
  em: EntityManager,
  organisationId: string,
  eventId: string,
  range: KitRange = 'all',
): Promise<KitTicketRow[]> {
  const paged = range !== 'all';
  const rows = await em.execute<
    {
      id: string;
      reference: string;
      status: string;
      item_name: string;
      checked_in_at: Date | null;
      checked_in_device: string | null;
    }[]
  >(
    `select t.id, t.reference, t.status, t.item_name, a.checked_in_at, a.checked_in_device
       from ticket_access a join ticket t on t.id = a.ticket_id
      where a.event_id = ? and t.organisation_id = ? and (t.status <> 'canceled' or t.issued_at is not null)
        ${paged ? 'and a.ticket_id > ?' : ''}
      order by a.ticket_id${paged ? ' limit ?' : ''}`,
    paged ? [eventId, organisationId, range.after, range.limit] : [eventId, organisationId],
  );
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    status: row.status,
    itemName: row.item_name,
    checkedInAt: row.checked_in_at ? new Date(row.checked_in_at) : null,
    checkedInDevice: row.checked_in_device,
  }));
}
