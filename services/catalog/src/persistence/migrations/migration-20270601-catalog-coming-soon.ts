import { Migration } from '@mikro-orm/migrations';

/**
 * Step 12: a shop is seen by guests from opens_at; its "coming soon" page before then is the organiser's choice
 * (show_coming_soon, off for new shops). Shops that exist keep the page guests could already open, since links to
 * it may have been shared.
 */
export class Migration20270601CatalogComingSoon extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table shops add column show_coming_soon boolean not null default false;
      update shops set show_coming_soon = true;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table shops drop column show_coming_soon`);
  }
}
