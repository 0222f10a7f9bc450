// The dashboard's reads: sums per currency and calendar day, open holds, live events with their quota counts. Each is
// one statement over ordering's own tables, served by the indexes of Migration20270501OrderingDashboard.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DailySales } from '../domain/sales-overview';

/**
 * Orders paid and refunds that succeeded (of the order's own money: a duplicate payment's refund was never a sale)
 * per currency and calendar day in `timeZone`, from the start of `firstDay` there.
 */
export async function dailySales(
  em: EntityManager,
  organisationId: string,
  timeZone: string,
  firstDay: string,
): Promise<DailySales[]> {
  const rows = await em.execute<
    {
      currency: string;
      day: string;
      orders: number;
      tickets: number;
      gross: string;
      refunds: number;
      refunded: string;
    }[]
  >(
    `with since as (select (?::date)::timestamp at time zone ? as at),
     sales as (
       select currency, to_char(paid_at at time zone ?, 'YYYY-MM-DD') as day,
              count(*)::int as orders, sum(ticket_count)::int as tickets, sum(total_minor) as gross
         from orders where organisation_id = ? and paid_at is not null and paid_at >= (select at from since)
        group by 1, 2),
     refunds as (
       select currency, to_char(completed_at at time zone ?, 'YYYY-MM-DD') as day,
              count(*)::int as refunds, sum(counted_minor) as refunded
         from refund where organisation_id = ? and status = 'succeeded' and counted_minor > 0
          and completed_at >= (select at from since)
        group by 1, 2)
     select coalesce(s.currency, r.currency) as currency, coalesce(s.day, r.day) as day,
            coalesce(s.orders, 0) as orders, coalesce(s.tickets, 0) as tickets, coalesce(s.gross, 0)::text as gross,
            coalesce(r.refunds, 0) as refunds, coalesce(r.refunded, 0)::text as refunded
       from sales s full join refunds r on r.currency = s.currency and r.day = s.day`,
    [firstDay, timeZone, timeZone, organisationId, timeZone, organisationId],
  );
  return rows.map((row) => ({
    currency: row.currency,
    day: row.day,
    orders: Number(row.orders),
    tickets: Number(row.tickets),
    grossMinor: Number(row.gross),
    refunds: Number(row.refunds),
    refundedMinor: Number(row.refunded),
  }));
}

/** The newest orders' ids, newest first. */
export async function newestOrderIds(em: EntityManager, organisationId: string, limit: number): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    'select id from orders where organisation_id = ? order by created_at desc, id desc limit ?',
    [organisationId, limit],
  );
  return rows.map((row) => row.id);
}

/** Orders reserved or pending now, and the tickets they hold. */
export async function openHolds(
  em: EntityManager,
  organisationId: string,
): Promise<{ openHolds: number; heldTickets: number }> {
  const [row] = await em.execute<{ orders: number; tickets: number }[]>(
    `select count(*)::int as orders, coalesce(sum(ticket_count), 0)::int as tickets
       from orders where organisation_id = ? and status in ('reserved', 'pending')`,
    [organisationId],
  );
  return { openHolds: Number(row?.orders ?? 0), heldTickets: Number(row?.tickets ?? 0) };
}

export interface LiveEventRow {
  id: string;
  name: string;
  startsAt: Date | null;
  endsAt: Date;
  ticketLimit: number | null;
  /** IANA zone its dates are shown in. */
  timeZone: string;
  /** The sum of its ticket options' capacities; null when one of them is unlimited or it has none. */
  optionsCapacity: number | null;
  sold: number;
  reserved: number;
  /** Public shops not yet closed with an item for it. */
  shopCount: number;
}

/**
 * Live events that have not ended, soonest first, with the counts of their event quota (every ticket of the event
 * counts in it, whatever its ticket option).
 */
export async function liveEvents(
  em: EntityManager,
  organisationId: string,
  now: Date,
  limit: number,
): Promise<LiveEventRow[]> {
  const rows = await em.execute<
    {
      id: string;
      name: string;
      starts_at: Date | null;
      ends_at: Date;
      ticket_limit: number | null;
      time_zone: string;
      options_capacity: string | null;
      sold: number;
      reserved: number;
      shop_count: number;
    }[]
  >(
    `select e.id, e.name, e.starts_at, e.ends_at, e.ticket_limit, e.time_zone,
            (select case when count(*) = 0 or bool_or(t.capacity is null) then null else sum(t.capacity) end
               from ticket_option t where t.event_id = e.id and not t.removed)::text as options_capacity,
            coalesce((select sum(b.sold) from quota_bucket b where b.quota_id = e.id), 0)::int as sold,
            coalesce((select sum(b.reserved) from quota_bucket b where b.quota_id = e.id), 0)::int as reserved,
            (select count(distinct s.id) from shop_item i
               join shop s on s.id = i.shop_id
               join ticket_option t on t.id = i.ticket_option_id
              where not i.removed and s.status = 'public' and s.closes_at > ?
                and (t.event_id = e.id or e.id = any(i.event_ids)))::int as shop_count
       from event e
      where e.organisation_id = ? and e.status = 'live' and e.ends_at > ?
      order by e.starts_at asc nulls last, e.id
      limit ?`,
    [now, organisationId, now, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    startsAt: row.starts_at ? new Date(row.starts_at) : null,
    endsAt: new Date(row.ends_at),
    ticketLimit: row.ticket_limit === null ? null : Number(row.ticket_limit),
    timeZone: row.time_zone,
    optionsCapacity: row.options_capacity === null ? null : Number(row.options_capacity),
    sold: Number(row.sold),
    reserved: Number(row.reserved),
    shopCount: Number(row.shop_count),
  }));
}

export interface OpenShopRow {
  id: string;
  name: string;
  opensAt: Date;
  closesAt: Date;
  currency: string;
  projectedWindow: string;
}

/** Public shops that have not closed by the clock, soonest opening first (the caller reads each one's window). */
export async function unclosedShops(
  em: EntityManager,
  organisationId: string,
  now: Date,
  limit: number,
): Promise<OpenShopRow[]> {
  const rows = await em.execute<
    { id: string; name: string; opens_at: Date; closes_at: Date; currency: string; projected_window: string }[]
  >(
    `select id, name, opens_at, closes_at, currency, projected_window from shop
      where organisation_id = ? and status = 'public' and closes_at > ?
      order by opens_at, id
      limit ?`,
    [organisationId, now, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    opensAt: new Date(row.opens_at),
    closesAt: new Date(row.closes_at),
    currency: row.currency,
    projectedWindow: row.projected_window,
  }));
}
