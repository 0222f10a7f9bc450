import { Migration } from '@mikro-orm/migrations';

/**
 * Step 12: the dashboard shows events' dates in each event's own time zone (catalog's snapshot carries it). Events
 * projected before were all in Europe/Amsterdam, catalog's zone for them too.
 */
export class Migration20270701OrderingEventTimeZone extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table event add column time_zone text not null default 'Europe/Amsterdam'`);
  }
}
