import { Migration } from '@mikro-orm/migrations';

/**
 * Step 9: an attempt keeps the guest's key to its order, for the provider's return links (a retry after a crash
 * asks the provider with the very same links) and to check the demo page's calls. Attempts made before have none:
 * their demo page no longer opens, as no page opens without a key.
 */
export class Migration20270401PaymentsOrderKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table payment_attempt add column order_access_key text not null default ''`);
  }
}
