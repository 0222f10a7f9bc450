// An event's ticket figures over its access rows (one per ticket granting it). Issued tickets only:
// "sold" = valid or used, "checked in" = sold and admitted at this event, "canceled" = issued, then canceled.
import type { EntityManager } from '@mikro-orm/postgresql';

const SOLD = `t.status in ('created', 'used')`;
const FROM_EVENT = `from ticket_access a join ticket t on t.id = a.ticket_id where a.event_id = ? and t.organisation_id = ? and t.issued_at is not null`;

export interface EventTicketCounts {
  sold: number;
  checkedIn: number;
  canceled: number;
}

/** The event's counts (sold, checked_in, canceled) from its counter rows; parameters: event id, organisation id. */
export const EVENT_COUNTS_SQL = `select coalesce(sum(sold), 0)::int as sold, coalesce(sum(checked_in), 0)::int as checked_in, coalesce(sum(canceled), 0)::int as canceled
  from event_ticket_count where event_id = ? and organisation_id = ?`;

/**
 * The live counts (what the scanner shows after every scan): the sum of the event's counter rows, which triggers keep
 * in the transaction of every change (migration 20270501), so a scan's cost does not grow with the event.
 */
export async function countEventTickets(
  em: EntityManager,
  organisationId: string,
  eventId: string,
): Promise<EventTicketCounts> {
  const [row] = await em.execute<{ sold: number; checked_in: number; canceled: number }[]>(EVENT_COUNTS_SQL, [
    eventId,
    organisationId,
  ]);
  return { sold: row?.sold ?? 0, checkedIn: row?.checked_in ?? 0, canceled: row?.canceled ?? 0 };
}

/**
 * Revenue of the sold tickets granting the event, after discounts (fees and donations are the order's, not a
 * ticket's), per currency. A pass granting two events counts in full at each: it is what that event's tickets sold for.
 */
export async function revenueOfEvent(
  em: EntityManager,
  organisationId: string,
  eventId: string,
): Promise<{ currency: string; amountMinor: number; tickets: number }[]> {
  const rows = await em.execute<{ currency: string; amount: string | number; tickets: number }[]>(
    `select t.currency, sum(t.price_minor) as amount, count(*)::int as tickets ${FROM_EVENT} and ${SOLD} group by t.currency order by tickets desc, t.currency`,
    [eventId, organisationId],
  );
  return rows.map((row) => ({ currency: row.currency, amountMinor: Number(row.amount), tickets: row.tickets }));
}

/** The organisation's currency as its most recently issued ticket has it, or null before its first ticket. */
export async function latestTicketCurrency(em: EntityManager, organisationId: string): Promise<string | null> {
  const [row] = await em.execute<{ currency: string }[]>(
    `select currency from ticket where organisation_id = ? and issued_at is not null order by issued_at desc limit 1`,
    [organisationId],
  );
  return row?.currency ?? null;
}

export interface OptionCounts {
  ticketOptionId: string;
  /** The item name it was most recently sold as. */
  name: string;
  sold: number;
  checkedIn: number;
}

export async function countPerTicketOption(
  em: EntityManager,
  organisationId: string,
  eventId: string,
): Promise<OptionCounts[]> {
  const rows = await em.execute<{ ticket_option_id: string; name: string; sold: number; checked_in: number }[]>(
    `select t.ticket_option_id, (array_agg(t.item_name order by t.issued_at desc, t.id desc))[1] as name,
       count(*) filter (where ${SOLD})::int as sold,
       count(*) filter (where ${SOLD} and a.checked_in_at is not null)::int as checked_in
     ${FROM_EVENT}
     group by t.ticket_option_id
     order by name, t.ticket_option_id`,
    [eventId, organisationId],
  );
  return rows.map((row) => ({
    ticketOptionId: row.ticket_option_id,
    name: row.name,
    sold: row.sold,
    checkedIn: row.checked_in,
  }));
}

/** Check-ins at the event per whole minute before `now`, over the last hour (admissions, whatever became of the ticket). */
export async function checkInsPerMinuteAgo(
  em: EntityManager,
  eventId: string,
  now: Date,
): Promise<{ minutesAgo: number; count: number }[]> {
  const rows = await em.execute<{ minutes_ago: number; count: number }[]>(
    `select floor(extract(epoch from (?::timestamptz - checked_in_at)) / 60)::int as minutes_ago, count(*)::int as count
     from ticket_access
     where event_id = ? and checked_in_at is not null and checked_in_at > ?::timestamptz - interval '60 minutes' and checked_in_at <= ?::timestamptz
     group by 1`,
    [now, eventId, now, now],
  );
  return rows.map((row) => ({ minutesAgo: row.minutes_ago, count: row.count }));
}
