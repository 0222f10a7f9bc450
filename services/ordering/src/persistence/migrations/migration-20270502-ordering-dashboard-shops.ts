import { Migration } from '@mikro-orm/migrations';

/**
 * Step 12: the dashboard names the shops open now and opening soon, so the shop projection keeps the name (filled by
 * catalog's next change of each shop, or at once by the projection rebuild).
 */
export class Migration20270502OrderingDashboardShops extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table shop add column name text not null default ''`);
  }
}
