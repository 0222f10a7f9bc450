import type { EntityManager } from '@mikro-orm/postgresql';

/** A limited quota's capacity and its buckets' counts added up. */
export interface QuotaLevel {
  quotaId: string;
  kind: 'ticket_option' | 'event';
  capacity: number;
  sold: number;
  reserved: number;
}

/** More quotas than a dashboard can show would only make the scrape heavy. */
export const QUOTA_LEVELS_LIMIT = 500;

/**
 * The limited quotas of events that have not ended (ends_at after `now`, not ended, deleted or removed), those
 * ending soonest first: an event's own quota (keyed by the event's id) and those of its ticket options still on it
 * (keyed by the option's id, ticket_option.event_id leads to the event). Unlimited quotas (capacity null) have
 * nothing to watch and are left out. One statement, read at every scrape.
 */
export async function quotaLevels(em: EntityManager, now: Date, limit = QUOTA_LEVELS_LIMIT): Promise<QuotaLevel[]> {
  const rows = await em.execute<
    { id: string; kind: QuotaLevel['kind']; capacity: number; sold: string | number; reserved: string | number }[]
  >(
    `select q.id, q.kind, q.capacity, coalesce(sum(b.sold), 0) as sold, coalesce(sum(b.reserved), 0) as reserved
     from quota q
     left join ticket_option t on q.kind = 'ticket_option' and t.id = q.id
     join event e on e.id = case when q.kind = 'event' then q.id else t.event_id end
     left join quota_bucket b on b.quota_id = q.id
     where q.capacity is not null and not coalesce(t.removed, false)
       and e.status not in ('ended', 'deleted', 'removed') and e.ends_at > ?
     group by q.id, q.kind, q.capacity, e.ends_at
     order by e.ends_at, q.id
     limit ?`,
    [now, limit],
  );
  return rows.map((row) => ({
    quotaId: row.id,
    kind: row.kind,
    capacity: Number(row.capacity),
    sold: Number(row.sold),
    reserved: Number(row.reserved),
  }));
}
