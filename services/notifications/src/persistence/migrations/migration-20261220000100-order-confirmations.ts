import { Migration } from '@mikro-orm/migrations';

/**
 * Step 6: order confirmations with tickets and delivery events.
 * - Messages say which organisation they were sent for (the organiser's order page lists them), why (purpose), what
 *   was attached, and the Message-ID the mail server was given (to match the provider's delivery events).
 * - A status change may come from a provider event, applied once per event id.
 * - order_confirmation keeps, per order, what the confirmation needs to be rendered again (sealed) and whether the
 *   tickets were voided since.
 */
export class Migration20261220000100OrderConfirmations extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table email_message add column organisation_id text null');
    this.addSql(`alter table email_message add column purpose text not null default ''`);
    this.addSql(`
      update email_message set purpose = case template
        when 'signin-code' then 'sign-in'
        when 'waitlist-confirmation' then 'waitlist'
        when 'contact-message' then 'contact'
        when 'member-invitation' then 'invitation'
        when 'order-refunded' then 'refund'
        else '' end`);
    this.addSql(`alter table email_message add column attachments text[] not null default '{}'`);
    this.addSql('alter table email_message add column provider_message_id text null');
    this.addSql(
      'create unique index email_message_provider_message_id_unique on email_message (provider_message_id) where provider_message_id is not null',
    );
    this.addSql(
      'create index email_message_organisation_subject_idx on email_message (organisation_id, subject_ref, created_at desc) where organisation_id is not null',
    );

    this.addSql('alter table email_status_change add column event_id text null');
    this.addSql(
      'create unique index email_status_change_event_id_unique on email_status_change (event_id) where event_id is not null',
    );

    this.addSql(`
      create table order_confirmation (
        order_id text primary key,
        organisation_id text not null,
        -- OrderConfirmationSnapshot as sealed JSON: the guest's address and the tickets' signed codes.
        sealed_snapshot text null,
        issued_at timestamptz null,
        voided_at timestamptz null,
        void_reason text not null default '',
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint order_confirmation_issued_with_snapshot check ((issued_at is null) = (sealed_snapshot is null))
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists order_confirmation');
    this.addSql('drop index if exists email_status_change_event_id_unique');
    this.addSql('alter table email_status_change drop column if exists event_id');
    this.addSql('drop index if exists email_message_organisation_subject_idx');
    this.addSql('drop index if exists email_message_provider_message_id_unique');
    for (const column of ['provider_message_id', 'attachments', 'purpose', 'organisation_id']) {
      this.addSql(`alter table email_message drop column if exists ${column}`);
    }
  }
}
