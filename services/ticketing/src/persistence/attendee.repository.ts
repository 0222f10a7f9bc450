// An event's attendees: one row per issued ticket granting it, newest issued first. The per-event status is the
// ticket's, except that "used" means checked in at THIS event (a weekend pass used on Saturday is still to come on
// Sunday). Reads start at ticket_access (event_id) and join each ticket by its key.
// A shop's tickets: one row per issued ticket it sold, "used" once checked in at any of its events, with the first
// check-in. Reads start at ticket (shop_id) and take the check-ins of each ticket's access rows.
import type { EntityManager } from '@mikro-orm/postgresql';
import { likePattern } from '@kassa/platform/persistence';
import type { AttendeeStatus } from '../domain/ticket-status';

export interface AttendeeFilter {
  organisationId: string;
  /** An event's attendees, or a shop's tickets. */
  scope: { eventId: string } | { shopId: string };
  /** Only these per-event statuses; empty for all issued tickets. */
  statuses: readonly AttendeeStatus[];
  /** Substring of the e-mail (any case); '' for no search. */
  emailQuery: string;
  /** Substring of the reference or order number without their dashes, upper case; '' to match neither. */
  compactQuery: string;
}

export interface AttendeeRow {
  ticketId: string;
  reference: string;
  status: AttendeeStatus;
  orderId: string;
  orderNumber: string;
  email: string;
  itemName: string;
  ticketOptionId: string;
  checkedInAt: Date | null;
  checkedInDevice: string;
  issuedAt: Date;
  subscribed: boolean;
}

const ATTENDEE_STATUS_SQL = `case when t.status = 'canceled' then 'canceled' when a.checked_in_at is not null then 'used' else 'created' end`;

/** The rows `t` (ticket) and `a` (its check-in: at the event, or the first at any event of a shop's ticket). */
function sourceOf(filter: AttendeeFilter): { sql: string; clause: string; param: string } {
  if ('eventId' in filter.scope)
    return {
      sql: 'ticket_access a join ticket t on t.id = a.ticket_id',
      clause: 'a.event_id = ?',
      param: filter.scope.eventId,
    };
  return {
    sql: `ticket t left join lateral (
            select min(x.checked_in_at) as checked_in_at,
                   (array_agg(x.checked_in_device order by x.checked_in_at) filter (where x.checked_in_at is not null))[1]
                     as checked_in_device
              from ticket_access x where x.ticket_id = t.id) a on true`,
    clause: 't.shop_id = ?',
    param: filter.scope.shopId,
  };
}

function whereOf(filter: AttendeeFilter): { sql: string; params: unknown[] } {
  const source = sourceOf(filter);
  const clauses = [source.clause, 't.organisation_id = ?', 't.issued_at is not null'];
  const params: unknown[] = [source.param, filter.organisationId];
  if (filter.statuses.length > 0) {
    clauses.push(`${ATTENDEE_STATUS_SQL} in (${filter.statuses.map(() => '?').join(', ')})`);
    params.push(...filter.statuses);
  }
  if (filter.emailQuery !== '') {
    const searches = ['t.email ilike ?'];
    params.push(likePattern(filter.emailQuery));
    if (filter.compactQuery !== '') {
      searches.push(`replace(t.reference, '-', '') like ?`, `replace(t.order_number, '-', '') like ?`);
      params.push(likePattern(filter.compactQuery), likePattern(filter.compactQuery));
    }
    clauses.push(`(${searches.join(' or ')})`);
  }
  return { sql: clauses.join(' and '), params };
}

/** One page of attendees and how many match in all. */
export async function listAttendees(
  em: EntityManager,
  filter: AttendeeFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AttendeeRow[]; total: number }> {
  const where = whereOf(filter);
  const from = sourceOf(filter).sql;
  const [counted] = await em.execute<{ total: number }[]>(
    `select count(*)::int as total from ${from} where ${where.sql}`,
    where.params,
  );
  const total = counted?.total ?? 0;
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const rows = await em.execute<Record<string, unknown>[]>(
    `select t.id, t.reference, ${ATTENDEE_STATUS_SQL} as attendee_status, t.order_id, t.order_number, t.email, t.item_name,
       t.ticket_option_id, a.checked_in_at, a.checked_in_device, t.issued_at, t.subscribed
     from ${from}
     where ${where.sql}
     order by t.issued_at desc, t.id desc
     limit ? offset ?`,
    [...where.params, page.limit, page.offset],
  );
  return {
    total,
    rows: rows.map((row) => ({
      ticketId: String(row.id),
      reference: String(row.reference),
      status: row.attendee_status as AttendeeStatus,
      orderId: String(row.order_id),
      orderNumber: String(row.order_number),
      email: String(row.email),
      itemName: String(row.item_name),
      ticketOptionId: String(row.ticket_option_id),
      checkedInAt: row.checked_in_at ? new Date(row.checked_in_at as string) : null,
      checkedInDevice: row.checked_in_device ? String(row.checked_in_device) : '',
      issuedAt: new Date(row.issued_at as string),
      subscribed: row.subscribed === true,
    })),
  };
}
