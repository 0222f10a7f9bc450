import { Migration } from '@mikro-orm/migrations';

/**
 * A shop may hold carts from 1 minute (was 5): a box office selling at the door wants places back almost at once,
 * and pretix likewise accepts any positive reservation time. The upper bound stays 60 minutes.
 */
export class Migration20261231CatalogShortHolds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table shops drop constraint if exists shops_reservation_minutes_check;
      alter table shops add constraint shops_reservation_minutes_check check (reservation_minutes between 1 and 60);
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      update shops set reservation_minutes = 5 where reservation_minutes < 5;
      alter table shops drop constraint if exists shops_reservation_minutes_check;
      alter table shops add constraint shops_reservation_minutes_check check (reservation_minutes between 5 and 60);
    `);
  }
}
