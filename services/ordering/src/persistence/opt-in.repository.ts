// The organisation's mailing opt-ins, read from its orders that were paid: one row per address, alphabetical.
import type { EntityManager } from '@mikro-orm/postgresql';

export interface OptInFilter {
  organisationId: string;
  /** '' for every event. */
  eventId: string;
  paidFrom: Date | null;
  paidUntil: Date | null;
}

export interface OptInRow {
  email: string;
  locale: string;
  firstPaidAt: Date;
  lastPaidAt: Date;
  orders: number;
}

/** One page of opt-ins and how many there are in all. */
export async function listOptIns(
  em: EntityManager,
  filter: OptInFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OptInRow[]; total: number }> {
  const where = `o.organisation_id = ? and o.subscribe and o.paid_at is not null
      and (?::text = '' or exists (select 1 from order_line l where l.order_id = o.id and ?::text = any(l.event_ids)))
      and (?::timestamptz is null or o.paid_at >= ?::timestamptz)
      and (?::timestamptz is null or o.paid_at < ?::timestamptz)`;
  const params = [
    filter.organisationId,
    filter.eventId,
    filter.eventId,
    filter.paidFrom,
    filter.paidFrom,
    filter.paidUntil,
    filter.paidUntil,
  ];
  const [count] = await em.execute<{ total: number }[]>(
    `select count(distinct lower(o.email))::int as total from orders o where ${where}`,
    params,
  );
  const rows = await em.execute<
    { email: string; locale: string; first_paid_at: Date; last_paid_at: Date; orders: number }[]
  >(
    `select lower(o.email) as email,
            (array_agg(o.locale order by o.paid_at desc, o.id desc))[1] as locale,
            min(o.paid_at) as first_paid_at, max(o.paid_at) as last_paid_at, count(*)::int as orders
       from orders o
      where ${where}
      group by lower(o.email)
      order by lower(o.email)
      limit ? offset ?`,
    [...params, page.limit, page.offset],
  );
  return {
    rows: rows.map((row) => ({
      email: row.email,
      locale: row.locale,
      firstPaidAt: new Date(row.first_paid_at),
      lastPaidAt: new Date(row.last_paid_at),
      orders: Number(row.orders),
    })),
    total: Number(count?.total ?? 0),
  };
}
