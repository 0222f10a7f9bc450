import { Migration } from '@mikro-orm/migrations';

/** A message may carry a key that no other message has: one refund e-mail per refund, however its event arrives. */
export class Migration20261210000100MessageDedupeKey extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table email_message add column dedupe_key text null');
    this.addSql(
      'create unique index email_message_dedupe_key_unique on email_message (dedupe_key) where dedupe_key is not null',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists email_message_dedupe_key_unique');
    this.addSql('alter table email_message drop column if exists dedupe_key');
  }
}
