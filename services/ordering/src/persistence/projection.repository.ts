// Writes of the sellable projection: one version-guarded upsert per catalog snapshot. A snapshot is applied only
// when its version is higher than the stored one, so redelivery, replay and reordering are harmless. Deletions
// and removals are tombstones that always win (catalog never reuses an id), so a late older snapshot cannot
// bring an entity back.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type BucketPolicy, bucketCountFor, DEFAULT_BUCKET_POLICY, shareCapacity } from '../domain/quota-allocation';

/** Arrays travel as JSON text: knex would expand a bound array into a list of parameters. */
const textArray = (values: readonly string[]) => JSON.stringify(values);
const TEXT_ARRAY = 'array(select jsonb_array_elements_text(?::jsonb))';
const BIGINT_ARRAY = 'array(select jsonb_array_elements_text(?::jsonb)::bigint)';

const applied = (rows: unknown[]) => rows.length > 0;

export interface EventSnapshot {
  id: string;
  organisationId: string;
  status: string;
  name: string;
  startsAt: Date | null;
  endsAt: Date;
  ticketLimit: number | null;
  /** IANA zone its dates are shown in. */
  timeZone: string;
  version: number;
}

/** true when this snapshot is now the stored one. */
export async function upsertEvent(
  em: EntityManager,
  event: EventSnapshot,
  policy: BucketPolicy = DEFAULT_BUCKET_POLICY,
): Promise<boolean> {
  const rows = await em.execute(
    `insert into event (id, organisation_id, status, name, starts_at, ends_at, ticket_limit, time_zone, version)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (id) do update set organisation_id = excluded.organisation_id, status = excluded.status,
       name = excluded.name, starts_at = excluded.starts_at, ends_at = excluded.ends_at,
       ticket_limit = excluded.ticket_limit, time_zone = excluded.time_zone, version = excluded.version
     where event.status <> 'removed' and event.version < excluded.version
     returning id`,
    [
      event.id,
      event.organisationId,
      event.status,
      event.name,
      event.startsAt,
      event.endsAt,
      event.ticketLimit,
      event.timeZone,
      event.version,
    ],
  );
  if (applied(rows)) await syncQuota(em, event.id, 'event', event.ticketLimit, policy);
  return applied(rows);
}

/** An event removed for good, and its ticket options with it. */
export async function removeEvent(em: EntityManager, event: EventSnapshot): Promise<void> {
  await em.execute(
    `insert into event (id, organisation_id, status, ends_at, ticket_limit, version) values (?, ?, 'removed', ?, ?, ?)
     on conflict (id) do update set status = 'removed', version = greatest(event.version, excluded.version)`,
    [event.id, event.organisationId, event.endsAt, event.ticketLimit, event.version],
  );
  await em.execute('update ticket_option set removed = true where event_id = ? and not removed', [event.id]);
}

export interface TicketOptionSnapshot {
  id: string;
  eventId: string;
  organisationId: string;
  name: string;
  capacity: number | null;
  version: number;
}

export async function upsertTicketOption(
  em: EntityManager,
  option: TicketOptionSnapshot,
  policy: BucketPolicy = DEFAULT_BUCKET_POLICY,
): Promise<boolean> {
  // An option of an event already removed arrives removed: its own deletion is never sent.
  const rows = await em.execute(
    `insert into ticket_option (id, event_id, organisation_id, name, capacity, removed, version)
     values (?, ?, ?, ?, ?, exists (select 1 from event where id = ? and status = 'removed'), ?)
     on conflict (id) do update set event_id = excluded.event_id, organisation_id = excluded.organisation_id,
       name = excluded.name, capacity = excluded.capacity, removed = excluded.removed, version = excluded.version
     where not ticket_option.removed and ticket_option.version < excluded.version
     returning id`,
    [option.id, option.eventId, option.organisationId, option.name, option.capacity, option.eventId, option.version],
  );
  if (applied(rows)) await syncQuota(em, option.id, 'ticket_option', option.capacity, policy);
  return applied(rows);
}

export async function removeTicketOption(em: EntityManager, option: TicketOptionSnapshot): Promise<void> {
  await em.execute(
    `insert into ticket_option (id, event_id, organisation_id, name, capacity, removed, version) values (?, ?, ?, ?, ?, true, ?)
     on conflict (id) do update set removed = true, version = greatest(ticket_option.version, excluded.version)`,
    [option.id, option.eventId, option.organisationId, option.name, option.capacity, option.version],
  );
}

/**
 * Brings a quota to the capacity catalog sent, keeping its counts: creates it on first sight with as many buckets as
 * the bucket policy gives its capacity (adding buckets later when the capacity grows past the threshold; never
 * removing any), then shares the capacity over the buckets around what each already holds (domain/quota-allocation.ts
 * shareCapacity), under the buckets' locks in bucket order. A capacity below what is held leaves every bucket
 * without room; the trigger records the overdraft that lets the CHECK accept it.
 */
async function syncQuota(
  em: EntityManager,
  id: string,
  kind: 'event' | 'ticket_option',
  capacity: number | null,
  policy: BucketPolicy,
): Promise<void> {
  const [quota] = await em.execute<{ bucket_count: number }[]>(
    `insert into quota (id, kind, capacity, bucket_count) values (?, ?, ?, ?)
     on conflict (id) do update set capacity = excluded.capacity, bucket_count = greatest(quota.bucket_count, excluded.bucket_count)
     returning bucket_count`,
    [id, kind, capacity, bucketCountFor(capacity, policy)],
  );
  await em.execute(
    `insert into quota_bucket (quota_id, bucket, capacity) select ?::text, g.bucket, ?::integer from generate_series(0, ?::integer) as g (bucket)
     on conflict (quota_id, bucket) do nothing`,
    [id, capacity === null ? null : 0, Number(quota!.bucket_count) - 1],
    'run',
  );
  const buckets = await em.execute<{ bucket: number; capacity: number | null; held: number }[]>(
    'select bucket, capacity, sold + reserved as held from quota_bucket where quota_id = ? order by bucket for update',
    [id],
  );
  const shares = shareCapacity(
    capacity,
    buckets.map((bucket) => Number(bucket.held)),
  );
  for (const [index, bucket] of buckets.entries()) {
    const share = shares[index]!;
    if (share === (bucket.capacity === null ? null : Number(bucket.capacity))) continue;
    await em.execute(
      'update quota_bucket set capacity = ? where quota_id = ? and bucket = ?',
      [share, id, bucket.bucket],
      'run',
    );
  }
}

export interface ShopSnapshot {
  id: string;
  organisationId: string;
  /** Shown on the dashboard. */
  name: string;
  status: string;
  window: string;
  opensAt: Date;
  closesAt: Date;
  currency: string;
  passwordProtected: boolean;
  passwordVersion: number;
  donation: { enabled: boolean; suggestedAmountsMinor: number[]; allowCustomAmount: boolean };
  reservationMinutes: number;
  /** Listed on the event's page before it opens (catalog shows its "coming soon" page). */
  showComingSoon: boolean;
  version: number;
}

/** A snapshot, or with `removed` the tombstone of a shop removed for good. */
export async function upsertShop(em: EntityManager, shop: ShopSnapshot, { removed = false } = {}): Promise<boolean> {
  const rows = await em.execute(
    `insert into shop (id, organisation_id, name, status, projected_window, opens_at, closes_at, currency,
       password_protected, password_version, donation_enabled, donation_suggested_minor, donation_allow_custom,
       reservation_minutes, show_coming_soon, version)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${BIGINT_ARRAY}, ?, ?, ?, ?)
     on conflict (id) do update set organisation_id = excluded.organisation_id, name = excluded.name,
       status = excluded.status,
       projected_window = excluded.projected_window, opens_at = excluded.opens_at, closes_at = excluded.closes_at,
       currency = excluded.currency, password_protected = excluded.password_protected,
       password_version = excluded.password_version, donation_enabled = excluded.donation_enabled,
       donation_suggested_minor = excluded.donation_suggested_minor, donation_allow_custom = excluded.donation_allow_custom,
       reservation_minutes = excluded.reservation_minutes, show_coming_soon = excluded.show_coming_soon,
       version = greatest(shop.version, excluded.version)
     where ${removed ? 'true' : `shop.status <> 'removed' and shop.version < excluded.version`}
     returning id`,
    [
      shop.id,
      shop.organisationId,
      shop.name,
      removed ? 'removed' : shop.status,
      removed ? '' : shop.window,
      shop.opensAt,
      shop.closesAt,
      shop.currency,
      shop.passwordProtected,
      shop.passwordVersion,
      shop.donation.enabled,
      JSON.stringify(shop.donation.suggestedAmountsMinor.map(String)),
      shop.donation.allowCustomAmount,
      shop.reservationMinutes,
      shop.showComingSoon,
      shop.version,
    ],
  );
  return applied(rows);
}

export interface ShopItemSnapshot {
  id: string;
  shopId: string;
  organisationId: string;
  ticketOptionId: string;
  /** '' = the ticket option's name. */
  name: string;
  eventIds: string[];
  priceMinor: number;
  saleStart: Date | null;
  saleEnd: Date | null;
  maxPerOrder: number | null;
  position: number;
  version: number;
}

export async function upsertShopItem(
  em: EntityManager,
  item: ShopItemSnapshot,
  { removed = false } = {},
): Promise<boolean> {
  const rows = await em.execute(
    `insert into shop_item (id, shop_id, organisation_id, ticket_option_id, name, event_ids, price_minor, sale_start, sale_end,
       max_per_order, position, removed, version)
     values (?, ?, ?, ?, ?, ${TEXT_ARRAY}, ?, ?, ?, ?, ?, ?, ?)
     on conflict (id) do update set shop_id = excluded.shop_id, organisation_id = excluded.organisation_id,
       ticket_option_id = excluded.ticket_option_id, name = excluded.name, event_ids = excluded.event_ids, price_minor = excluded.price_minor,
       sale_start = excluded.sale_start, sale_end = excluded.sale_end, max_per_order = excluded.max_per_order,
       position = excluded.position, removed = excluded.removed, version = greatest(shop_item.version, excluded.version)
     where ${removed ? 'true' : 'not shop_item.removed and shop_item.version < excluded.version'}
     returning id`,
    [
      item.id,
      item.shopId,
      item.organisationId,
      item.ticketOptionId,
      item.name,
      textArray(item.eventIds),
      item.priceMinor,
      item.saleStart,
      item.saleEnd,
      item.maxPerOrder,
      item.position,
      removed,
      item.version,
    ],
  );
  return applied(rows);
}

export interface DiscountCodeSnapshot {
  id: string;
  shopId: string;
  organisationId: string;
  code: string;
  type: string;
  value: number;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  itemIds: string[];
  version: number;
}

export async function upsertDiscountCode(
  em: EntityManager,
  code: DiscountCodeSnapshot,
  { removed = false } = {},
): Promise<boolean> {
  const rows = await em.execute(
    `insert into discount_code (id, shop_id, organisation_id, code, type, value, valid_from, valid_until, max_uses, item_ids,
       removed, version)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ${TEXT_ARRAY}, ?, ?)
     on conflict (id) do update set shop_id = excluded.shop_id, organisation_id = excluded.organisation_id,
       code = excluded.code, type = excluded.type, value = excluded.value, valid_from = excluded.valid_from,
       valid_until = excluded.valid_until, max_uses = excluded.max_uses, item_ids = excluded.item_ids,
       removed = excluded.removed, version = greatest(discount_code.version, excluded.version)
     where ${removed ? 'true' : 'not discount_code.removed and discount_code.version < excluded.version'}
     returning id`,
    [
      code.id,
      code.shopId,
      code.organisationId,
      code.code,
      code.type,
      code.value,
      code.validFrom,
      code.validUntil,
      code.maxUses,
      textArray(code.itemIds),
      removed,
      code.version,
    ],
  );
  return applied(rows);
}

/**
 * The snapshot tables, emptied by a rebuild. Quotas (their counts), and discount_usage are ordering's own data and
 * stay: a replay re-applies every capacity to them.
 */
export const SNAPSHOT_TABLES = ['event', 'ticket_option', 'shop', 'shop_item', 'discount_code'] as const;

export async function clearSnapshots(em: EntityManager): Promise<void> {
  // delete, not truncate: readers keep seeing the old projection until the rebuild commits.
  for (const table of SNAPSHOT_TABLES) await em.execute(`delete from ${table}`, [], 'run');
}
