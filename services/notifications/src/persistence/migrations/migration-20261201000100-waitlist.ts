import { Migration } from '@mikro-orm/migrations';

/** The launch waitlist: one row per address, and at most one confirmation e-mail per row. */
export class Migration20261201000100Waitlist extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table waitlist_entry (
        id text primary key,
        email text not null,
        locale text not null check (locale in ('en', 'nl')),
        created_at timestamptz not null,
        -- Stored lower-cased, so that the unique index below means "one row per address".
        constraint waitlist_entry_email_lower check (email = lower(email)),
        constraint waitlist_entry_email_unique unique (email)
      )`);
    // A waitlist row gets one confirmation, however often its address is entered again.
    this.addSql(
      `create unique index email_message_waitlist_confirmation_once on email_message (subject_ref) where template = 'waitlist-confirmation'`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists email_message_waitlist_confirmation_once');
    this.addSql('drop table if exists waitlist_entry');
  }
}
