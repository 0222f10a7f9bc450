// The admission itself and what is recorded around it. Lock order in a scan's transaction: the scan_attempt row (the
// nonce), then the ticket_access row (the conditional update), then the ticket row, then the scan link row. Voiding
// tickets locks ticket rows only, so no two transactions wait on each other in opposite orders.
import { newId } from '@kassa/platform/ids';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Slot rows per link in scan_link_use: as many as the event counters have (migration 20270501). */
const USE_SLOTS = 32;

/**
 * THE check-in: one conditional update that admits the ticket at the event unless it is admitted there already (or
 * no longer valid). Scanners racing for the same ticket all reach this row; the first takes its lock, the others
 * wait and then find checked_in_at set, so exactly one of them gets `true`.
 */
export async function checkInAccess(
  em: EntityManager,
  ticketId: string,
  eventId: string,
  at: Date,
  deviceName: string,
): Promise<boolean> {
  const rows = await em.execute<{ ticket_id: string }[]>(
    `update ticket_access a set checked_in_at = ?, checked_in_device = ?
      where a.ticket_id = ? and a.event_id = ? and a.checked_in_at is null
        and exists (select 1 from ticket t where t.id = a.ticket_id and t.status in ('created', 'used'))
      returning a.ticket_id`,
    [at, deviceName, ticketId, eventId],
  );
  return rows.length === 1;
}

/** Takes back a check-in this transaction just made (the ticket turned out to be canceled under its lock). */
export async function undoCheckIn(em: EntityManager, ticketId: string, eventId: string): Promise<void> {
  await em.execute(
    `update ticket_access set checked_in_at = null, checked_in_device = null where ticket_id = ? and event_id = ?`,
    [ticketId, eventId],
    'run',
  );
}

/**
 * Locks the ticket row after its access row was updated and, when no event it grants is left unchecked, makes it
 * "used". Under the lock each statement sees every committed check-in, so two scanners admitting the same ticket
 * at its two events one after the other cannot both leave it "created". Returns the ticket's status now.
 */
export async function settleTicketStatus(em: EntityManager, ticketId: string, at: Date): Promise<string> {
  const [locked] = await em.execute<{ status: string }[]>(`select status from ticket where id = ? for update`, [
    ticketId,
  ]);
  if (!locked) return 'missing';
  if (locked.status !== 'created') return locked.status;
  const rows = await em.execute<{ status: string }[]>(
    `update ticket set status = 'used', updated_at = ?
      where id = ? and status = 'created' and not exists (select 1 from ticket_access where ticket_id = ? and checked_in_at is null)
      returning status`,
    [at, ticketId, ticketId],
  );
  return rows[0]?.status ?? locked.status;
}

export interface CheckInRecord {
  organisationId: string;
  eventId: string;
  ticketId: string;
  deviceId: string;
  deviceName: string;
  linkId: string | null;
  checkedInAt: Date;
  offline: boolean;
  nonce: string;
}

export async function insertCheckIn(em: EntityManager, record: CheckInRecord): Promise<string> {
  const id = newId('chk');
  await em.execute(
    `insert into check_in (id, organisation_id, event_id, ticket_id, device_id, device_name, link_id, checked_in_at, offline, nonce)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (nonce) do nothing returning id`,
    [id, ...checkInValues(record)],
    'run',
  );
  return id;
}

/**
 * settleTicketStatus for a ticket granting one event, whose only access row the caller has just checked in, and the
 * check-in's record, in one statement: the update locks the ticket row (waiting for a void in flight) and makes it
 * "used" unless it is no longer "created"; the check_in row is written only when the ticket is still admissible
 * ("created" or "used" under that lock). Returns the ticket's status now ('missing' for no row). The insert reads
 * only the update's RETURNING, so it sees exactly what two statements in a row would have seen.
 */
export async function useSingleEventTicket(em: EntityManager, record: CheckInRecord, at: Date): Promise<string> {
  const [row] = await em.execute<{ status: string }[]>(
    `with used as (
       update ticket set status = case when status = 'created' then 'used' else status end,
         updated_at = case when status = 'created' then ? else updated_at end
       where id = ? returning status
     ), recorded as (
       insert into check_in (id, organisation_id, event_id, ticket_id, device_id, device_name, link_id, checked_in_at, offline, nonce)
       select ?, ?, ?, ?, ?, ?, ?, ?, ?, ? from used where used.status in ('created', 'used')
       on conflict (nonce) do nothing
     )
     select status from used`,
    [at, record.ticketId, newId('chk'), ...checkInValues(record)],
  );
  return row?.status ?? 'missing';
}

const checkInValues = (record: CheckInRecord): unknown[] => [
  record.organisationId,
  record.eventId,
  record.ticketId,
  record.deviceId,
  record.deviceName,
  record.linkId,
  record.checkedInAt,
  record.offline,
  record.nonce,
];

export interface ConflictRecord {
  organisationId: string;
  eventId: string;
  ticketId: string;
  first: { checkedInAt: Date; device: string };
  second: { checkedInAt: Date; device: string };
  nonce: string;
  recordedAt: Date;
}

export async function insertConflict(em: EntityManager, record: ConflictRecord): Promise<string | null> {
  const id = newId('cfl');
  const inserted = await em.execute<{ id: string }[]>(
    `insert into scan_conflict (id, organisation_id, event_id, ticket_id, first_checked_in_at, first_device, second_checked_in_at, second_device, nonce, recorded_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (nonce) do nothing returning id`,
    [
      id,
      record.organisationId,
      record.eventId,
      record.ticketId,
      record.first.checkedInAt,
      record.first.device,
      record.second.checkedInAt,
      record.second.device,
      record.nonce,
      record.recordedAt,
    ],
    'all',
  );
  return inserted.length > 0 ? id : null;
}

/**
 * Notes a link's use in this connection's slot row of scan_link_use (see migration 20270501): a check-in counts and
 * moves last_used_at; any other scan moves it at most once a minute. Phones at the same door write different rows,
 * so no scan waits for another's commit here. As a fragment (`linkUseStatement`) a scan's last statement carries it.
 */
export function linkUseStatement(linkId: string, at: Date, checkedIn: boolean): { sql: string; params: unknown[] } {
  return {
    sql: `insert into scan_link_use as u (link_id, slot, check_ins, last_used_at) values (?, pg_backend_pid() % ${USE_SLOTS}, ?, ?)
     on conflict (link_id, slot) do update
       set check_ins = u.check_ins + excluded.check_ins, last_used_at = greatest(u.last_used_at, excluded.last_used_at)
       where excluded.check_ins > 0 or u.last_used_at is null or u.last_used_at < ?`,
    params: [linkId, checkedIn ? 1 : 0, at, new Date(at.getTime() - 60_000)],
  };
}

export async function noteLinkUse(em: EntityManager, linkId: string, at: Date, checkedIn: boolean): Promise<void> {
  const { sql, params } = linkUseStatement(linkId, at, checkedIn);
  await em.execute(sql, params, 'run');
}

/** Each link's check-ins and last use, summed over its slot rows; links never used are absent. */
export async function loadLinkUse(
  em: EntityManager,
  linkIds: readonly string[],
): Promise<Map<string, { checkIns: number; lastUsedAt: Date | null }>> {
  if (linkIds.length === 0) return new Map();
  const rows = await em.execute<{ link_id: string; check_ins: number; last_used_at: Date | null }[]>(
    `select link_id, sum(check_ins)::int as check_ins, max(last_used_at) as last_used_at from scan_link_use where link_id in (?) group by link_id`,
    [[...linkIds]],
  );
  return new Map(
    rows.map((row) => [
      row.link_id,
      { checkIns: row.check_ins, lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null },
    ]),
  );
}
