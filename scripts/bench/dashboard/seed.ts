// The dashboard benchmark's organisation: 100 live events (two ticket options each, with quota buckets) and 100,000
// orders over the last 60 days (paid, canceled after payment, expired and held; one in ten in USD), with up to 2,000
// succeeded refunds, written straight into ordering's tables in a few set-based statements: through the API this
// many orders would take the benchmark hours. Only ordering's own tables: the dashboard reads nothing else.
import { Client } from 'pg';

export const SEEDED = { events: 100, orders: 100_000, refunds: 2_000 } as const;

export async function seedDashboardOrganisation(
  databaseUrl: string,
  organisation: { organisationId: string; shopId: string },
): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { organisationId: org, shopId: shop } = organisation;
    await db.query('begin');
    await db.query(
      `insert into event (id, organisation_id, status, ends_at, ticket_limit, version, name, starts_at, time_zone)
       select 'evt_bench' || lpad(g::text, 21, '0'), $1, 'live', now() + make_interval(days => g, hours => 4), 1000, 1,
              'Bench event ' || g, now() + make_interval(days => g), 'Europe/Amsterdam'
         from generate_series(1, $2::int) g`,
      [org, SEEDED.events],
    );
    await db.query(
      `insert into ticket_option (id, event_id, organisation_id, capacity, removed, version, name)
       select 'tko_bench' || lpad((g * 10 + o)::text, 21, '0'), 'evt_bench' || lpad(g::text, 21, '0'), $1, 500, false, 1,
              case o when 1 then 'Regular' else 'VIP' end
         from generate_series(1, $2::int) g, generate_series(1, 2) o`,
      [org, SEEDED.events],
    );
    // Each event's and each option's quota in its buckets, with sales in them (what a busy organisation has).
    await db.query(
      `insert into quota (id, kind, capacity, bucket_count)
       select id, 'event', 1000, 8 from event where organisation_id = $1 and id like 'evt\\_bench%'
       union all select id, 'ticket_option', 500, 8 from ticket_option where organisation_id = $1 and id like 'tko\\_bench%'`,
      [org],
    );
    await db.query(
      `insert into quota_bucket (quota_id, bucket, capacity, sold, reserved)
       select q.id, b, q.capacity / 8, (q.capacity / 8) / 2, 1
         from (select id, 1000 as capacity from event where organisation_id = $1 and id like 'evt\\_bench%'
               union all select id, 500 from ticket_option where organisation_id = $1 and id like 'tko\\_bench%') q,
              generate_series(0, 7) b
       on conflict do nothing`,
      [org],
    );
    await db.query(
      `insert into orders (id, number, access_key, organisation_id, shop_id, status, email, locale, subscribe,
         discount_code_id, discount_code, discount_uses, currency, subtotal_minor, discount_minor, donation_minor,
         fee_minor, total_minor, refunded_minor, ticket_count, expires_at, paid_at, outcome, version, created_at,
         updated_at, client_address)
       select 'ord_bench' || lpad(g::text, 21, '0'), 'BNCH-' || g, 'benchkey' || lpad(g::text, 14, '0'), $1, $2,
              s.status, 'guest' || g || '@example.test', 'en', g % 3 = 0, null, '', 0,
              case when g % 10 = 0 then 'USD' else 'EUR' end, 2500 * t.tickets, 0, 0, 49 * t.tickets,
              2549 * t.tickets, 0, t.tickets,
              case when s.status = 'reserved' then now() + interval '10 minutes' end,
              case when s.status in ('paid', 'canceled') then p.at end,
              case s.status when 'canceled' then 'refunded' when 'expired' then 'expired' else '' end, 1, p.at, p.at, null
         from generate_series(1, $3::int) g,
              lateral (select 1 + g % 3 as tickets) t,
              lateral (select now() - make_interval(mins => (g * 37) % (60 * 24 * 60)) as at) p,
              lateral (select case when g % 20 = 0 then 'canceled' when g % 20 = 1 then 'expired'
                                   when g % 500 = 2 then 'reserved' else 'paid' end as status) s`,
      [org, shop, SEEDED.orders],
    );
    await db.query(
      `insert into refund (id, order_id, organisation_id, payment_id, amount_minor, counted_minor, currency, status,
         reason, cancels_order, requested_by, idempotency_key, requested_at, completed_at, failure_reason)
       select 'ref_bench' || lpad(g::text, 21, '0'), o.id, $1, 'pay_bench', 1000, 1000, o.currency, 'succeeded',
              'organiser', false, null, null, o.paid_at + interval '1 hour', o.paid_at + interval '1 hour', ''
         from generate_series(1, $2::int) g
         join orders o on o.id = 'ord_bench' || lpad((g * 47)::text, 21, '0') and o.paid_at is not null`,
      [org, SEEDED.refunds],
    );
    await db.query('commit');
    await db.query('analyze');
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await db.end();
  }
}
