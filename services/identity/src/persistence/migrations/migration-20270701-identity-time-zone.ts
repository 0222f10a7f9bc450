import { Migration } from '@mikro-orm/migrations';

/**
 * Every organisation has a time zone (IANA), the default for its new events. Organisations that exist get the
 * platform's default zone, the one their dates were shown in until now.
 */
export class Migration20270701IdentityTimeZone extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table organisations add column time_zone text not null default 'Europe/Amsterdam'`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table organisations drop column time_zone`);
  }
}
