import { Migration } from '@mikro-orm/migrations';

/**
 * Step 12: the organisation's dashboard reads ordering's own tables. The event projection keeps the name and start
 * it shows (filled by catalog's next change of each event, or at once by the projection rebuild); sales are summed
 * by the day an order was paid and the day a refund succeeded, so both get an index by organisation and that
 * moment, and open holds one of their own.
 */
export class Migration20270501OrderingDashboard extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table event add column name text not null default ''`);
    this.addSql(`alter table event add column starts_at timestamptz null`);
    this.addSql(
      `create index orders_organisation_paid_idx on orders (organisation_id, paid_at) where paid_at is not null`,
    );
    this.addSql(
      `create index orders_open_organisation_idx on orders (organisation_id) where status in ('reserved', 'pending')`,
    );
    this.addSql(
      `create index refund_organisation_completed_idx on refund (organisation_id, completed_at) where status = 'succeeded'`,
    );
  }
}
