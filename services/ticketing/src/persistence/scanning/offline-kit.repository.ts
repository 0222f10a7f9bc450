import type { EntityManager } from '@mikro-orm/postgresql';

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
 * exist and must be refused). Canceled tickets that were never issued had no code and are left out.
 */
export async function loadKitTickets(
  em: EntityManager,
  organisationId: string,
  eventId: string,
): Promise<KitTicketRow[]> {
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
      order by t.id`,
    [eventId, organisationId],
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
