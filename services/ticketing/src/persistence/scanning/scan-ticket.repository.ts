// The ticket a scan names, read fresh inside the scan's transaction (never from the unit of work's cache: a scan
// re-reads after its conditional update lost a race, and must see the winner's commit). One statement for the ticket,
// its access rows and the events they grant (what the scanner's answer names), mapped by hand rather than hydrated as
// entities: the scan path only reads them (every write is a plain statement), and this read runs on every scan.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NamedTranslation } from '../../domain/event-name';
import type { EventRow } from '../event.entity';
import type { TicketAccessRow, TicketRow } from '../ticket.entity';
import type { TicketWithAccess } from '../ticket.repository';

/** A ticket as a scan reads it: with the projected events its access rows grant (absent ones: not projected yet). */
export interface ScanTicket extends TicketWithAccess {
  events: ReadonlyMap<string, EventRow>;
}

interface ScanEventRecord {
  id: string;
  organisation_id: string;
  name: string;
  translations: NamedTranslation[];
  starts_at: string | null;
  ends_at: string | null;
  address: string;
  city: string;
  postal_code: string;
  country: string;
  time_zone: string;
  status: string;
  version: number;
}

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
  /** The access rows, ordered by event id, as JSON: [{ event_id, checked_in_at, checked_in_device, event }]. */
  access: {
    event_id: string;
    checked_in_at: string | null;
    checked_in_device: string | null;
    event: ScanEventRecord | null;
  }[];
}

const SELECT = `select t.*, coalesce((
    select json_agg(json_build_object('event_id', a.event_id, 'checked_in_at', a.checked_in_at, 'checked_in_device', a.checked_in_device,
      'event', (select row_to_json(e) from event e where e.id = a.event_id)) order by a.event_id)
    from ticket_access a where a.ticket_id = t.id), '[]') as access
  from ticket t`;

/** The statement's WHERE for a lookup, and its parameters. */
function whereOf(lookup: TicketLookup): { where: string; params: unknown[] } {
  return 'ticketId' in lookup
    ? { where: 't.id = ?', params: [lookup.ticketId] }
    : { where: 't.organisation_id = ? and t.reference = ?', params: [lookup.organisationId, lookup.reference] };
}

export async function loadScanTicket(em: EntityManager, lookup: TicketLookup): Promise<ScanTicket | null> {
  const { where, params } = whereOf(lookup);
  const [row] = await em.execute<ScanTicketRecord[]>(`${SELECT} where ${where}`, params);
  return row ? toTicketWithAccess(row) : null;
}

/**
 * A scan's first statement: claims its nonce (`claim`, a statement of scan-attempt.repository) and reads the ticket
 * the scanned value names, in one round trip. The ticket is read in the statement's snapshot, taken before a claim
 * that waits on a racing retry of the same nonce: older than a read after the claim could be, which changes nothing
 * that matters, since the check-in's conditional update decides on the row's newest version under its lock and a
 * lost update re-reads the ticket (admission.ts).
 */
export async function claimAndLoadScanTicket(
  em: EntityManager,
  claim: { sql: string; params: unknown[] },
  lookup: TicketLookup,
): Promise<{ claimed: boolean; ticket: ScanTicket | null }> {
  const { where, params } = whereOf(lookup);
  const [row] = await em.execute<(Partial<ScanTicketRecord> & { claimed: number })[]>(
    `with claim as (${claim.sql})
     select (select count(*) from claim)::int as claimed, found.*
       from (select 1) as one left join lateral (${SELECT} where ${where}) as found on true`,
    [...claim.params, ...params],
  );
  return {
    claimed: row!.claimed === 1,
    ticket: row!.id === null || row!.id === undefined ? null : toTicketWithAccess(row as ScanTicketRecord),
  };
}

const date = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : date(value));

function toTicketWithAccess(row: ScanTicketRecord): ScanTicket {
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
  const events = new Map<string, EventRow>();
  for (const { event } of row.access) if (event) events.set(event.id, toEventRow(event));
  return { ticket, access, events };
}

function toEventRow(event: ScanEventRecord): EventRow {
  return {
    id: event.id,
    organisationId: event.organisation_id,
    name: event.name,
    translations: event.translations,
    startsAt: dateOrNull(event.starts_at),
    endsAt: dateOrNull(event.ends_at),
    address: event.address,
    city: event.city,
    postalCode: event.postal_code,
    country: event.country,
    timeZone: event.time_zone,
    status: event.status,
    version: event.version,
  };
}
