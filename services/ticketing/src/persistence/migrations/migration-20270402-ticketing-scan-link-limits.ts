import { Migration } from '@mikro-orm/migrations';

/**
 * Step 9: a scan link may expire, and ticketing revokes the links of a member who leaves the organisation or loses
 * "checkin" (identity's member events), saying why.
 */
export class Migration20270402TicketingScanLinkLimits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table scan_link add column expires_at timestamptz null`);
    this.addSql(`alter table scan_link add column revoked_reason text not null default ''`);
    this.addSql(`create index scan_link_maker_idx on scan_link (organisation_id, created_by) where revoked_at is null`);
  }
}
