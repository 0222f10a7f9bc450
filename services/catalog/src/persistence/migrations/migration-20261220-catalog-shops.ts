import { Migration } from '@mikro-orm/migrations';
import { DISCOUNT_TYPES } from '../../domain/discount-code-fields';
import { SHOP_STATUSES } from '../../domain/shop-status';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** Shops, their items and discount codes; history entries are grouped by event or shop from now on. */
export class Migration20261220CatalogShops extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      -- An entry belongs to an event (its own and its ticket options') or a shop (its own, its items' and codes').
      alter table history_entry rename column event_id to group_id;
      alter index history_entry_event_idx rename to history_entry_group_idx;

      create table shops (
        id text primary key,
        organisation_id text not null,
        name text not null,
        description text not null default '',
        opens_at timestamptz not null,
        closes_at timestamptz not null,
        status text not null check (status in (${list(SHOP_STATUSES)})),
        translations jsonb not null default '[]',
        currency text not null check (currency ~ '^[A-Z]{3}$'),
        password_hash text null,
        password_version integer not null default 0,
        donation jsonb not null,
        reservation_minutes integer not null check (reservation_minutes between 5 and 60),
        announced_window text not null default '' check (announced_window in ('', 'upcoming', 'open', 'closed')),
        version integer not null,
        created_at timestamptz not null,
        deleted_at timestamptz null,
        removal_at timestamptz null,
        constraint shops_closes_after_opening check (closes_at > opens_at),
        constraint shops_removal_only_when_deleted check ((status = 'deleted') = (removal_at is not null))
      );
      create index shops_organisation_created_idx on shops (organisation_id, created_at desc);
      -- The sweeper's queries: public shops whose window change is due, deleted shops due for removal.
      create index shops_public_opens_idx on shops (opens_at) where status = 'public' and announced_window = 'upcoming';
      create index shops_public_closes_idx on shops (closes_at) where status = 'public' and announced_window <> 'closed';
      create index shops_removal_idx on shops (removal_at) where status = 'deleted';

      create table shop_items (
        id text primary key,
        shop_id text not null references shops (id) on delete cascade,
        organisation_id text not null,
        -- No foreign keys to ticket options or events: deleting those is decided in the use cases (docs/ARCHITECTURE.md).
        ticket_option_id text not null,
        event_ids jsonb not null,
        name text not null default '',
        price_minor bigint not null check (price_minor >= 0),
        sale_start timestamptz null,
        sale_end timestamptz null,
        max_per_order integer null check (max_per_order >= 1),
        position integer not null check (position >= 0),
        version integer not null,
        created_at timestamptz not null
      );
      create index shop_items_shop_idx on shop_items (shop_id, position, id);
      create index shop_items_ticket_option_idx on shop_items (ticket_option_id);
      create index shop_items_event_ids_idx on shop_items using gin (event_ids jsonb_path_ops);

      create table discount_codes (
        id text primary key,
        shop_id text not null references shops (id) on delete cascade,
        organisation_id text not null,
        code text not null,
        code_key text not null,
        type text not null check (type in (${list(DISCOUNT_TYPES)})),
        value bigint not null check (value >= 1 and (type <> 'percentage' or value <= 100)),
        valid_from timestamptz null,
        valid_until timestamptz null,
        max_uses integer null check (max_uses >= 1),
        item_ids jsonb not null default '[]',
        version integer not null,
        created_at timestamptz not null,
        constraint discount_codes_until_after_from check (valid_until is null or valid_from is null or valid_until > valid_from)
      );
      -- Codes compare case-insensitively and a shop has each once.
      create unique index discount_codes_shop_code_key on discount_codes (shop_id, code_key);
      create index discount_codes_item_ids_idx on discount_codes using gin (item_ids jsonb_path_ops);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop table if exists discount_codes; drop table if exists shop_items; drop table if exists shops;
      alter index history_entry_group_idx rename to history_entry_event_idx;
      alter table history_entry rename column group_id to event_id;
    `);
  }
}
