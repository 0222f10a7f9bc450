// ordering's projections of what happened elsewhere to its orders and events: check-ins and scan conflicts
// (ticketing), the delivery of e-mails to guests (notifications). Written by the consumers in events/, read by the
// dashboard; each write is idempotent, so a redelivered message changes nothing.
import type { EntityManager } from '@mikro-orm/postgresql';

/** Counts a ticket's admission at an event once, however often it is reported. */
export async function recordCheckIn(
  em: EntityManager,
  checkIn: { eventId: string; ticketId: string; organisationId: string; checkedInAt: Date },
): Promise<void> {
  await em.execute(
    `with added as (
       insert into event_check_in (event_id, ticket_id, organisation_id, checked_in_at) values (?, ?, ?, ?)
       on conflict (event_id, ticket_id) do nothing
       returning event_id, organisation_id)
     insert into event_check_in_count as c (event_id, organisation_id, checked_in)
       select event_id, organisation_id, 1 from added
     on conflict (event_id) do update set checked_in = c.checked_in + 1`,
    [checkIn.eventId, checkIn.ticketId, checkIn.organisationId, checkIn.checkedInAt],
    'run',
  );
}

export async function recordScanConflict(
  em: EntityManager,
  conflict: { conflictId: string; organisationId: string; eventId: string; recordedAt: Date },
): Promise<void> {
  await em.execute(
    `insert into event_scan_conflict (conflict_id, organisation_id, event_id, recorded_at) values (?, ?, ?, ?)
     on conflict (conflict_id) do nothing`,
    [conflict.conflictId, conflict.organisationId, conflict.eventId, conflict.recordedAt],
    'run',
  );
}

/** Keeps the newest delivery status of the e-mails to an order's guest (an older report arriving late changes nothing). */
export async function recordEmailDelivery(
  em: EntityManager,
  delivery: { orderId: string; messageId: string; status: string; failed: boolean; occurredAt: Date },
): Promise<void> {
  await em.execute(
    `insert into order_email_delivery as d (order_id, message_id, status, failed, occurred_at) values (?, ?, ?, ?, ?)
     on conflict (order_id) do update
       set message_id = excluded.message_id, status = excluded.status, failed = excluded.failed,
           occurred_at = excluded.occurred_at
     where d.occurred_at <= excluded.occurred_at`,
    [delivery.orderId, delivery.messageId, delivery.status, delivery.failed, delivery.occurredAt],
    'run',
  );
}

/** Tickets admitted at each of these events. */
export async function checkInCounts(em: EntityManager, eventIds: readonly string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await em.execute<{ event_id: string; checked_in: number }[]>(
    'select event_id, checked_in from event_check_in_count where event_id in (?)',
    [eventIds],
  );
  return new Map(rows.map((row) => [row.event_id, Number(row.checked_in)]));
}

export interface FailedEmailRow {
  orderId: string;
  orderNumber: string;
  email: string;
  status: string;
  occurredAt: Date;
}

/** Paid orders whose newest e-mail failed: how many, and the newest `limit` of them. */
export async function failedOrderEmails(
  em: EntityManager,
  organisationId: string,
  limit: number,
): Promise<{ total: number; newest: FailedEmailRow[] }> {
  const rows = await em.execute<
    { order_id: string; number: string; email: string; status: string; occurred_at: Date; total: number }[]
  >(
    `select d.order_id, o.number, o.email, d.status, d.occurred_at, count(*) over ()::int as total
       from order_email_delivery d join orders o on o.id = d.order_id
      where d.failed and o.organisation_id = ? and o.status = 'paid'
      order by d.occurred_at desc, d.order_id
      limit ?`,
    [organisationId, limit],
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    newest: rows.map((row) => ({
      orderId: row.order_id,
      orderNumber: row.number,
      email: row.email,
      status: row.status,
      occurredAt: new Date(row.occurred_at),
    })),
  };
}

/** Payments heard as pending, and refunds requested, before `before` without an outcome since. */
export async function stuckMoney(
  em: EntityManager,
  organisationId: string,
  before: Date,
): Promise<{ payments: number; refunds: number }> {
  const [row] = await em.execute<{ payments: number; refunds: number }[]>(
    `select (select count(*) from order_payment p join orders o on o.id = p.order_id
              where p.status = 'pending' and p.updated_at < ? and o.organisation_id = ?)::int as payments,
            (select count(*) from refund
              where status = 'requested' and organisation_id = ? and requested_at < ?)::int as refunds`,
    [before, organisationId, organisationId, before],
  );
  return { payments: Number(row?.payments ?? 0), refunds: Number(row?.refunds ?? 0) };
}

/** Scan conflicts per event of the organisation, for events that ended after `endedAfter` (or have no end). */
export async function scanConflictsByEvent(
  em: EntityManager,
  organisationId: string,
  endedAfter: Date,
): Promise<{ eventId: string; eventName: string; conflicts: number }[]> {
  const rows = await em.execute<{ event_id: string; name: string; conflicts: number }[]>(
    `select c.event_id, e.name, count(*)::int as conflicts
       from event_scan_conflict c join event e on e.id = c.event_id
      where c.organisation_id = ? and e.ends_at > ?
      group by c.event_id, e.name
      order by max(c.recorded_at) desc, c.event_id`,
    [organisationId, endedAfter],
  );
  return rows.map((row) => ({ eventId: row.event_id, eventName: row.name, conflicts: Number(row.conflicts) }));
}
