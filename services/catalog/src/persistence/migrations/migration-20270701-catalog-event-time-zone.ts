import { Migration } from '@mikro-orm/migrations';

/**
 * Step 12: every event has its own time zone, in which its dates are shown and its forms edit them. Events that exist
 * were shown and entered in Europe/Amsterdam, the platform's only zone until now, so they keep it.
 */
export class Migration20270701CatalogEventTimeZone extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table event add column time_zone text not null default 'Europe/Amsterdam'`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table event drop column time_zone`);
  }
}
