import { Migration } from '@mikro-orm/migrations';

/**
 * Step 5: orders, their lines, the quota buckets each order holds, refunds, history, the payments seen, checkout
 * idempotency, and the last line of defence on quota buckets. Money is bigint minor units throughout.
 */
export class Migration20261230OrderingOrders extends Migration {
  override async up(): Promise<void> {
    // Names for order lines: the item's own name, else its ticket option's (both from catalog's snapshots).
    this.addSql(`alter table ticket_option add column name text not null default ''`);
    this.addSql(`alter table shop_item add column name text not null default ''`);

    // The last line of defence against overselling (docs/ARCHITECTURE.md, Quotas). Checkout's conditional updates keep
    // sold + reserved ≤ capacity; this CHECK refuses any write that would break it anyway. A capacity lowered
    // below what is already sold must still be accepted (availability 0, nothing sold is cancelled), so a bucket
    // carries `overdraft` = max(0, sold + reserved − capacity) as it stood when the capacity changed. The trigger
    // derives it: on a capacity change it is recomputed; otherwise it can only shrink, following the counts down
    // (a release or a refund). Counts that grow therefore never gain room from it: a bucket that is over its
    // capacity stays refused until it is back under, and then the plain capacity limit applies again.
    this.addSql(`alter table quota_bucket add column overdraft integer not null default 0 check (overdraft >= 0)`);
    this.addSql(
      `update quota_bucket set overdraft = greatest(0, sold + reserved - capacity) where capacity is not null`,
    );
    this.addSql(`
      create function quota_bucket_overdraft() returns trigger language plpgsql as $$
      begin
        if new.capacity is null then
          new.overdraft := 0;
        elsif tg_op = 'INSERT' or new.capacity is distinct from old.capacity then
          new.overdraft := greatest(0, new.sold + new.reserved - new.capacity);
        else
          new.overdraft := least(old.overdraft, greatest(0, new.sold + new.reserved - new.capacity));
        end if;
        return new;
      end $$`);
    this.addSql(`
      create trigger quota_bucket_overdraft before insert or update on quota_bucket
      for each row execute function quota_bucket_overdraft()`);
    this.addSql(`
      alter table quota_bucket add constraint quota_bucket_within_capacity
        check (capacity is null or sold + reserved <= capacity + overdraft)`);

    // Orders. "created" is never stored: checkout commits an order reserved (or paid when free) in one go.
    this.addSql(`
      create table orders (
        id text primary key,
        number text not null unique,
        organisation_id text not null,
        shop_id text not null,
        status text not null check (status in ('created', 'reserved', 'pending', 'paid', 'expired', 'canceled')),
        email text not null,
        locale text not null,
        subscribe boolean not null default false,
        discount_code_id text null,
        discount_code text not null default '',
        -- Tickets the code discounted: taken from discount_usage at checkout, given back on expiry or cancel.
        discount_uses integer not null default 0 check (discount_uses >= 0),
        currency text not null,
        subtotal_minor bigint not null check (subtotal_minor >= 0),
        discount_minor bigint not null check (discount_minor >= 0 and discount_minor <= subtotal_minor),
        donation_minor bigint not null check (donation_minor >= 0),
        fee_minor bigint not null check (fee_minor >= 0),
        total_minor bigint not null check (total_minor >= 0),
        refunded_minor bigint not null default 0 check (refunded_minor >= 0 and refunded_minor <= total_minor),
        ticket_count integer not null check (ticket_count > 0),
        expires_at timestamptz null,
        paid_at timestamptz null,
        -- The payment that paid it; another successful payment is a duplicate and is refunded.
        paid_payment_id text null,
        outcome text not null default '',
        version integer not null default 1,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql(`create index orders_organisation_idx on orders (organisation_id, created_at desc, id desc)`);
    this.addSql(`create index orders_shop_idx on orders (shop_id, created_at desc, id desc)`);
    this.addSql(`create index orders_hold_idx on orders (expires_at) where status in ('reserved', 'pending')`);

    this.addSql(`
      create table order_line (
        order_id text not null references orders (id) on delete cascade,
        position integer not null,
        item_id text not null,
        ticket_option_id text not null,
        event_ids text[] not null,
        name text not null,
        quantity integer not null check (quantity > 0),
        unit_price_minor bigint not null check (unit_price_minor >= 0),
        subtotal_minor bigint not null check (subtotal_minor >= 0),
        discount_minor bigint not null check (discount_minor >= 0 and discount_minor <= subtotal_minor),
        total_minor bigint not null check (total_minor >= 0),
        paid_tickets integer not null check (paid_tickets >= 0 and paid_tickets <= quantity),
        primary key (order_id, position)
      )`);

    // Which buckets an order's tickets count in, so that releasing or selling them touches exactly those. Whether
    // they count as reserved or sold follows from the order's status; rows are deleted when the tickets are released.
    this.addSql(`
      create table order_allocation (
        order_id text not null references orders (id) on delete cascade,
        quota_id text not null,
        bucket integer not null,
        quantity integer not null check (quantity > 0),
        primary key (order_id, quota_id, bucket)
      )`);

    this.addSql(`
      create table refund (
        id text primary key,
        order_id text not null references orders (id),
        organisation_id text not null,
        payment_id text not null,
        amount_minor bigint not null check (amount_minor >= 0),
        -- What of it counts in orders.refunded_minor (nothing for a duplicate payment, which was never the order's).
        counted_minor bigint not null default 0 check (counted_minor >= 0 and counted_minor <= amount_minor),
        currency text not null,
        status text not null check (status in ('requested', 'succeeded', 'failed')),
        reason text not null check (reason in ('organiser', 'late_payment', 'duplicate_payment', 'order_canceled')),
        cancels_order boolean not null default false,
        requested_by text null,
        idempotency_key text null,
        requested_at timestamptz not null,
        completed_at timestamptz null,
        failure_reason text not null default '',
        unique (order_id, idempotency_key)
      )`);
    this.addSql(`create index refund_order_idx on refund (order_id, requested_at)`);

    this.addSql(`
      create table order_history (
        id bigint generated always as identity primary key,
        order_id text not null references orders (id) on delete cascade,
        at timestamptz not null,
        action text not null,
        properties jsonb not null default '{}'::jsonb,
        actor_user_id text null
      )`);
    this.addSql(`create index order_history_order_idx on order_history (order_id, id)`);

    // Every payment attempt ordering heard of, with the last status it heard: a second successful payment of an
    // order is recognised, and the same payment reported twice changes nothing.
    this.addSql(`
      create table order_payment (
        payment_id text primary key,
        order_id text not null references orders (id),
        status text not null,
        amount_minor bigint not null,
        currency text not null,
        updated_at timestamptz not null
      )`);
    this.addSql(`create index order_payment_order_idx on order_payment (order_id)`);

    // Checkout is idempotent per (shop, key); the hash of the cart tells a retry from a different cart.
    this.addSql(`
      create table checkout_idempotency (
        shop_id text not null,
        idempotency_key text not null,
        request_hash text not null,
        order_id text not null references orders (id) deferrable initially deferred,
        created_at timestamptz not null,
        primary key (shop_id, idempotency_key)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists checkout_idempotency, order_payment, order_history, refund, order_allocation, order_line, orders cascade',
    );
    this.addSql('alter table quota_bucket drop constraint if exists quota_bucket_within_capacity');
    this.addSql('drop trigger if exists quota_bucket_overdraft on quota_bucket');
    this.addSql('drop function if exists quota_bucket_overdraft()');
    this.addSql('alter table quota_bucket drop column if exists overdraft');
    this.addSql('alter table shop_item drop column if exists name');
    this.addSql('alter table ticket_option drop column if exists name');
  }
}
