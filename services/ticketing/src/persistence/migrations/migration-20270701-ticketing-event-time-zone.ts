import { Migration } from '@mikro-orm/migrations';

/**
 * Step 12: tickets show their event's dates in the event's own time zone (catalog's snapshot carries it). Events
 * projected before were all in Europe/Amsterdam, catalog's zone for them too.
 */
export class Migration20270701TicketingEventTimeZone extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table event add column time_zone text not null default 'Europe/Amsterdam'`);
  }
}
