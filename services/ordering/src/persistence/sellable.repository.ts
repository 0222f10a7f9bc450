// Reads of the sellable projection for the guest paths: a shop, then its items with everything their
// availability needs (ticket option, granted events, quotas with bucket counts) in one query. No writes.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DonationOption } from '../domain/donation';
import type { DiscountCodeRule, DiscountType } from '../domain/discount';
import type { Quota } from '../domain/quota';

export interface SellableShop {
  id: string;
  organisationId: string;
  name: string;
  status: string;
  projectedWindow: string;
  opensAt: Date;
  closesAt: Date;
  currency: string;
  donation: DonationOption;
  passwordProtected: boolean;
  /** Shop access tokens name it: a changed password ends every earlier token. */
  passwordVersion: number;
  /** The shop's hold time; 0 = the platform default. */
  reservationMinutes: number;
}

export interface SellableItem {
  id: string;
  ticketOptionId: string;
  /** The item's name, else its ticket option's ('' when neither is known). */
  name: string;
  /** The granted events, the ticket option's own event included. */
  eventIds: string[];
  priceMinor: number;
  saleStart: Date | null;
  saleEnd: Date | null;
  maxPerOrder: number | null;
  /** null when its snapshot has not arrived. */
  ticketOption: { removed: boolean } | null;
  /** Known events by id. */
  events: Map<string, { status: string; endsAt: Date }>;
  /** Known quotas by id (ticket option and events). */
  quotas: Map<string, Quota>;
}

const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const optionalDate = (value: unknown): Date | null => (value === null || value === undefined ? null : date(value));
const optionalInt = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export async function findShop(em: EntityManager, shopId: string): Promise<SellableShop | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select id, organisation_id, name, status, projected_window, opens_at, closes_at, currency, donation_enabled,
       donation_suggested_minor::text[] as donation_suggested_minor, donation_allow_custom, password_protected, password_version,
       reservation_minutes
     from shop where id = ?`,
    [shopId],
  );
  if (!row) return null;
  return {
    id: String(row.id),
    organisationId: String(row.organisation_id),
    name: String(row.name),
    status: String(row.status),
    projectedWindow: String(row.projected_window),
    opensAt: date(row.opens_at),
    closesAt: date(row.closes_at),
    currency: String(row.currency),
    donation: {
      enabled: Boolean(row.donation_enabled),
      suggestedAmountsMinor: (row.donation_suggested_minor as string[]).map(Number),
      allowCustomAmount: Boolean(row.donation_allow_custom),
    },
    passwordProtected: Boolean(row.password_protected),
    passwordVersion: Number(row.password_version),
    reservationMinutes: Number(row.reservation_minutes),
  };
}

interface JsonEvent {
  id: string;
  status: string;
  endsAt: string;
}
interface JsonQuota {
  id: string;
  capacity: number | null;
  buckets: { capacity: number | null; sold: number; reserved: number }[] | null;
}

/**
 * Public shops that have not closed by the clock and are not behind a password, with an item that grants the event:
 * where guests can buy it. One that has not opened only when it shows a "coming soon" page (guests could not reach it
 * otherwise). Soonest opening first.
 */
export async function shopIdsSellingEvent(em: EntityManager, eventId: string, now: Date): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select s.id from shop s
      where s.status = 'public' and not s.password_protected and s.closes_at > ? and (s.opens_at <= ? or s.show_coming_soon)
        and exists (select 1 from shop_item i left join ticket_option t on t.id = i.ticket_option_id
                     where i.shop_id = s.id and not i.removed and (t.event_id = ? or ? = any(i.event_ids)))
      order by s.opens_at, s.id`,
    [now, now, eventId, eventId],
  );
  return rows.map((row) => row.id);
}

/** The shop's items in display order, each with its ticket option, events and quotas. */
export async function findItems(em: EntityManager, shopId: string): Promise<SellableItem[]> {
  const rows = await em.execute<Record<string, unknown>[]>(
    `select i.id, i.ticket_option_id, coalesce(nullif(i.name, ''), t.name, '') as name, i.event_ids, i.price_minor::text as price_minor, i.sale_start, i.sale_end, i.max_per_order,
       t.id as option_id, t.removed as option_removed, t.event_id as option_event_id,
       (select coalesce(jsonb_agg(jsonb_build_object('id', e.id, 'status', e.status, 'endsAt', e.ends_at)), '[]')
          from event e where e.id = any(i.event_ids) or e.id = t.event_id) as events,
       (select coalesce(jsonb_agg(jsonb_build_object('id', q.id, 'capacity', q.capacity, 'buckets',
            (select jsonb_agg(jsonb_build_object('capacity', b.capacity, 'sold', b.sold, 'reserved', b.reserved))
               from quota_bucket b where b.quota_id = q.id))), '[]')
          from quota q where q.id = i.ticket_option_id or q.id = any(i.event_ids) or q.id = t.event_id) as quotas
     from shop_item i left join ticket_option t on t.id = i.ticket_option_id
     where i.shop_id = ? and not i.removed
     order by i.position, i.id`,
    [shopId],
  );
  return rows.map((row) => {
    const eventIds = [...(row.event_ids as string[])];
    const optionEventId = row.option_event_id as string | null;
    if (optionEventId && !eventIds.includes(optionEventId)) eventIds.unshift(optionEventId);
    const events = new Map(
      (row.events as JsonEvent[]).map((event) => [event.id, { status: event.status, endsAt: new Date(event.endsAt) }]),
    );
    const quotas = new Map(
      (row.quotas as JsonQuota[]).map((quota) => [
        quota.id,
        { id: quota.id, capacity: quota.capacity, buckets: quota.buckets ?? [] },
      ]),
    );
    return {
      id: String(row.id),
      ticketOptionId: String(row.ticket_option_id),
      name: String(row.name),
      eventIds,
      priceMinor: Number(row.price_minor),
      saleStart: optionalDate(row.sale_start),
      saleEnd: optionalDate(row.sale_end),
      maxPerOrder: optionalInt(row.max_per_order),
      ticketOption: row.option_id ? { removed: Boolean(row.option_removed) } : null,
      events,
      quotas,
    };
  });
}

/**
 * A shop's code as guests type it (any case), with its redemptions so far; null when there is none. The projection
 * keeps the organiser's spelling: lower() on both sides compares case-insensitively and uses discount_code_lookup_idx.
 */
export async function findDiscountCode(
  em: EntityManager,
  shopId: string,
  normalisedCode: string,
): Promise<(DiscountCodeRule & { id: string }) | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select d.id, d.code, d.type, d.value::text as value, d.valid_from, d.valid_until, d.max_uses, d.item_ids, coalesce(u.used, 0) as used
     from discount_code d left join discount_usage u on u.discount_code_id = d.id
     where d.shop_id = ? and lower(d.code) = lower(?) and not d.removed
     order by d.version desc, d.id limit 1`,
    [shopId, normalisedCode],
  );
  if (!row) return null;
  return {
    id: String(row.id),
    code: String(row.code),
    type: row.type as DiscountType,
    value: Number(row.value),
    validFrom: optionalDate(row.valid_from),
    validUntil: optionalDate(row.valid_until),
    maxUses: optionalInt(row.max_uses),
    used: Number(row.used),
    itemIds: row.item_ids as string[],
  };
}
