import { Migration } from '@mikro-orm/migrations';

/**
 * The sellable projection of the catalog (snapshots, each with catalog's version) and ordering's own inventory
 * counters. No foreign keys between snapshot tables: catalog's events arrive on several consumers and in any
 * order (an item may land before its shop or ticket option), and a reader treats what is missing as not sellable.
 */
export class Migration20261220OrderingInitial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      -- Events: what availability needs (status incl. 'removed' as a tombstone, end) and the ticket limit.
      create table event (
        id text primary key,
        organisation_id text not null,
        status text not null,
        ends_at timestamptz not null,
        ticket_limit integer null,
        version integer not null
      );
      create table ticket_option (
        id text primary key,
        event_id text not null,
        organisation_id text not null,
        capacity integer null,
        removed boolean not null default false,
        version integer not null
      );
      create index ticket_option_event_idx on ticket_option (event_id);

      -- Inventory (docs/ARCHITECTURE.md, Quotas). One quota per ticket option (capacity) and per event (ticket limit), keyed by
      -- that id, so rows lock in a stable order. Its counts live in bucket_count bucket rows; each bucket holds
      -- its share of the capacity (floor(C / N), one more for the first C mod N buckets), so that a large quota
      -- can spread a rush over N rows. capacity null = unlimited. A capacity lowered below what is sold is
      -- allowed (availability becomes 0): the checks guard the counts, not capacity − sold.
      create table quota (
        id text primary key,
        kind text not null check (kind in ('ticket_option', 'event')),
        capacity integer null check (capacity >= 0),
        bucket_count integer not null default 1 check (bucket_count >= 1)
      );
      create table quota_bucket (
        quota_id text not null references quota (id) on delete cascade,
        bucket integer not null check (bucket >= 0),
        capacity integer null check (capacity >= 0),
        sold integer not null default 0 check (sold >= 0),
        reserved integer not null default 0 check (reserved >= 0),
        primary key (quota_id, bucket)
      );

      -- Shops: status draft/public/deleted, or 'removed' (tombstone); projected_window is the last snapshot's.
      create table shop (
        id text primary key,
        organisation_id text not null,
        status text not null,
        projected_window text not null default '',
        opens_at timestamptz not null,
        closes_at timestamptz not null,
        currency text not null,
        password_protected boolean not null default false,
        password_version integer not null default 0,
        donation_enabled boolean not null default false,
        donation_suggested_minor bigint[] not null default '{}',
        donation_allow_custom boolean not null default false,
        reservation_minutes integer not null default 15,
        version integer not null
      );
      create table shop_item (
        id text primary key,
        shop_id text not null,
        organisation_id text not null,
        ticket_option_id text not null,
        event_ids text[] not null,
        price_minor bigint not null check (price_minor >= 0),
        sale_start timestamptz null,
        sale_end timestamptz null,
        max_per_order integer null,
        position integer not null default 0,
        removed boolean not null default false,
        version integer not null
      );
      create index shop_item_shop_idx on shop_item (shop_id, position, id) where not removed;
      create table discount_code (
        id text primary key,
        shop_id text not null,
        organisation_id text not null,
        code text not null,
        type text not null check (type in ('fixed', 'percentage')),
        value bigint not null,
        valid_from timestamptz null,
        valid_until timestamptz null,
        max_uses integer null,
        item_ids text[] not null default '{}',
        removed boolean not null default false,
        version integer not null
      );
      -- Guests type codes in any case. Not unique: catalog keeps codes unique per shop, but a rename and a new
      -- code may reach the projection in either order.
      create index discount_code_lookup_idx on discount_code (shop_id, lower(code)) where not removed;

      -- Ordering's own redemptions: tickets discounted per code (0 until checkout exists). Not part of the
      -- projection, so a rebuild keeps it.
      create table discount_usage (
        discount_code_id text primary key,
        used integer not null default 0 check (used >= 0)
      );
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists discount_usage, discount_code, shop_item, shop, quota_bucket, quota, ticket_option, event cascade;',
    );
  }
}
