import type { MigrationObject } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';

/** Channel the outbox trigger notifies; the relay LISTENs on it. */
export const OUTBOX_CHANNEL = 'kassa_outbox';

/** The outbox and inbox tables every service has. */
export class Migration20261122000000PlatformOutboxInbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table outbox (
        id text primary key,
        subject text not null,
        payload bytea not null,
        headers jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now(),
        published_at timestamptz null,
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        last_error text null
      )`);
    // The relay's claim query reads only unpublished rows: keep that index tiny however large the table grows.
    this.addSql('create index outbox_unpublished_idx on outbox (next_attempt_at, id) where published_at is null');
    this.addSql('create index outbox_published_at_idx on outbox (published_at) where published_at is not null');
    // pg_notify is delivered at commit (never for a rolled-back insert) and once per transaction and payload.
    this.addSql(`
      create function kassa_outbox_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${OUTBOX_CHANNEL}', '');
        return null;
      end
      $$`);
    this.addSql(
      'create trigger outbox_notify after insert on outbox for each statement execute function kassa_outbox_notify()',
    );
    this.addSql(`
      create table inbox (
        consumer text not null,
        message_id text not null,
        processed_at timestamptz not null default now(),
        primary key (consumer, message_id)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists inbox');
    this.addSql('drop trigger if exists outbox_notify on outbox');
    this.addSql('drop function if exists kassa_outbox_notify()');
    this.addSql('drop table if exists outbox');
  }
}

/** Inbox pruning (messaging/inbox-pruning.ts) deletes a consumer's oldest rows: find them without a scan. */
export class Migration20270402000000PlatformInboxPruning extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index if not exists inbox_consumer_processed_at_idx on inbox (consumer, processed_at)');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists inbox_consumer_processed_at_idx');
  }
}

export const platformMigrations: MigrationObject[] = [
  { name: 'Migration20261122000000PlatformOutboxInbox', class: Migration20261122000000PlatformOutboxInbox },
  { name: 'Migration20270402000000PlatformInboxPruning', class: Migration20270402000000PlatformInboxPruning },
];
