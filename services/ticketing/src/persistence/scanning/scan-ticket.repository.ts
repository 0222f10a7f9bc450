// The ticket a scan names, read fresh inside the scan's transaction (never from the unit of work's cache: a scan
// re-reads after its conditional update lost a race, and must see the winner's commit). One statement for the ticket
// and its access rows, mapped by hand rather than hydrated as entities: the scan path only reads them (every write
// is a plain statement), and this read runs on every scan.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TicketAccessRow, TicketRow } from '../ticket.entity';
import type { TicketWithAccess } from '../ticket.repository';

export type TicketLookup = { ticketId: string } | { organisationId: string; reference: string };

interface ScanTicketRecord {
  id: string;
  reference: string;
  access_key: string;
  organisation_id: string;
  order_id: string;
  order_number: string;
  shop_id: string;
  item_id: string;
  item_name: string;
  ticket_option_id: string;
  price_minor: string | number;
  currency: string;
  email: string;
  subscribed: boolean;
  locale: string;
  status: string;
  position: number;
  of_count: number;
  key_id: string | null;
  seed: string | null;
  code: string | null;
  issued_at: Date | string | null;
  canceled_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** The access rows, ordered by event id, as JSON: [{ event_id, checked_in_at, checked_in_device }]. */
  access: { event_id: string; checked_in_at: string | null; checked_in_device: string | null }[];
}

const SELECT = `select t.*, coalesce((
    select json_agg(json_build_object('event_id', a.event_id, 'checked_in_at', a.checked_in_at, 'checked_in_device', a.checked_in_device) order by a.event_id)
    from ticket_access a where a.ticket_id = t.id), '[]') as access
  from ticket t`;

export async function loadScanTicket(em: EntityManager, lookup: TicketLookup): Promise<TicketWithAccess | null> {
  const [row] =
    'ticketId' in lookup
      ? await em.execute<ScanTicketRecord[]>(`${SELECT} where t.id = ?`, [lookup.ticketId])
      : await em.execute<ScanTicketRecord[]>(`${SELECT} where t.organisation_id = ? and t.reference = ?`, [
          lookup.organisationId,
          lookup.reference,
        ]);
  return row ? toTicketWithAccess(row) : null;
}

const date = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : date(value));

function toTicketWithAccess(row: ScanTicketRecord): TicketWithAccess {
  const ticket: TicketRow = {
    id: row.id,
    reference: row.reference,
    accessKey: row.access_key,
    organisationId: row.organisation_id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    shopId: row.shop_id,
    itemId: row.item_id,
    itemName: row.item_name,
    ticketOptionId: row.ticket_option_id,
    priceMinor: Number(row.price_minor),
    currency: row.currency,
    email: row.email,
    subscribed: row.subscribed,
    locale: row.locale,
    status: row.status,
    position: row.position,
    ofCount: row.of_count,
    keyId: row.key_id,
    seed: row.seed,
    code: row.code,
    issuedAt: dateOrNull(row.issued_at),
    canceledAt: dateOrNull(row.canceled_at),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
  const access: TicketAccessRow[] = row.access.map((entry) => ({
    ticketId: row.id,
    eventId: entry.event_id,
    checkedInAt: dateOrNull(entry.checked_in_at),
    checkedInDevice: entry.checked_in_device,
  }));
  return { ticket, access };
}
