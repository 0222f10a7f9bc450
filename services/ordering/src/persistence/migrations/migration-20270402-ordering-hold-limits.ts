import { Migration } from '@mikro-orm/migrations';

/**
 * Step 9: open holds are capped per e-mail address and per client address for each event (domain/hold-limits.ts).
 * The client address is kept with the order for that count only; both lookups read open holds alone.
 */
export class Migration20270402OrderingHoldLimits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table orders add column client_address text null`);
    this.addSql(`create index orders_open_email_idx on orders (lower(email)) where status in ('reserved', 'pending')`);
    this.addSql(
      `create index orders_open_client_address_idx on orders (client_address) where status in ('reserved', 'pending') and client_address is not null`,
    );
  }
}
