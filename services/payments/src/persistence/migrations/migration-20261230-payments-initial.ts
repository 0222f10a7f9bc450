import { Migration } from '@mikro-orm/migrations';
import { PAYMENT_STATUSES } from '../../domain/payment-status';

const statusList = PAYMENT_STATUSES.map((status) => `'${status}'`).join(', ');

/** Payment attempts, provider event receipts and refunds. */
export class Migration20261230PaymentsInitial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table payment_attempt (
        id text primary key,
        order_id text not null,
        organisation_id text not null,
        shop_id text not null,
        order_number text not null,
        provider text not null check (provider in ('demo', 'stripe')),
        status text not null check (status in (${statusList})),
        amount_minor bigint not null check (amount_minor > 0),
        currency text not null check (currency ~ '^[A-Z]{3}$'),
        refunded_minor bigint not null default 0,
        provider_reference text null,
        provider_payment_id text null,
        redirect_url text not null default '',
        failure_reason text not null default '',
        idempotency_key text not null,
        test_mode boolean not null,
        return_origin text not null,
        email text not null default '',
        locale text not null default 'en',
        hold_expires_at timestamptz null,
        provider_expires_at timestamptz null,
        version integer not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        -- The last line of defence of the refund limits.
        constraint payment_attempt_refunded_within_amount check (refunded_minor >= 0 and refunded_minor <= amount_minor),
        -- A retried CreatePayment (same order and key) finds the attempt it made instead of making a second one.
        constraint payment_attempt_idempotency_key unique (order_id, idempotency_key)
      );
      -- Webhooks find their attempt by the provider's object.
      create unique index payment_attempt_provider_reference_idx on payment_attempt (provider, provider_reference) where provider_reference is not null;
      -- An order's attempts; the organiser's list, newest first.
      create index payment_attempt_order_idx on payment_attempt (order_id, id desc);
      create index payment_attempt_organisation_idx on payment_attempt (organisation_id, created_at desc, id desc);
      -- The reconciliation sweep reads open attempts only.
      create index payment_attempt_open_idx on payment_attempt (updated_at) where status in ('created', 'pending', 'authorized');
      create table provider_event_receipt (
        provider text not null,
        event_id text not null,
        event_type text not null,
        payment_id text null,
        refund_id text null,
        outcome text not null,
        received_at timestamptz not null,
        primary key (provider, event_id)
      );
      create table refund (
        id text primary key,
        payment_id text not null references payment_attempt (id),
        order_id text not null,
        organisation_id text not null,
        amount_minor bigint not null check (amount_minor > 0),
        currency text not null,
        reason text not null,
        status text not null check (status in ('requested', 'pending', 'succeeded', 'failed')),
        provider_reference text null,
        failure_reason text not null default '',
        created_at timestamptz not null,
        updated_at timestamptz not null,
        completed_at timestamptz null
      );
      create index refund_payment_idx on refund (payment_id);
      create index refund_unfinished_idx on refund (updated_at) where status in ('requested', 'pending');
    `);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists refund; drop table if exists provider_event_receipt; drop table if exists payment_attempt;',
    );
  }
}
