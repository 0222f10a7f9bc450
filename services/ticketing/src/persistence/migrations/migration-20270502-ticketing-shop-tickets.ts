import { Migration } from '@mikro-orm/migrations';

/** Step 12: a shop's tickets are listed newest issued first (/s/{shopId}/tickets), read by shop. */
export class Migration20270502TicketingShopTickets extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index ticket_shop_issued_idx on ticket (shop_id, issued_at desc, id desc) where issued_at is not null`,
    );
  }
}
