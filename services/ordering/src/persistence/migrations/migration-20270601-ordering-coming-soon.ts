import { Migration } from '@mikro-orm/migrations';

/**
 * Step 12: the event's public page lists a shop before it opens only when the shop shows a "coming soon" page
 * (catalog's show_coming_soon). Shops projected before keep being listed as they were, as catalog keeps their page;
 * catalog's next change of each shop carries the setting.
 */
export class Migration20270601OrderingComingSoon extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table shop add column show_coming_soon boolean not null default false;
      update shop set show_coming_soon = true;
    `);
  }
}
