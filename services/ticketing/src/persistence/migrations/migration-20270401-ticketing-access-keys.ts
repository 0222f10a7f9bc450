import { Migration } from '@mikro-orm/migrations';

/**
 * Step 9: every ticket gets its page's access key (128 random bits, base64url), apart from its sortable id, and
 * order_state keeps the order's guest key (from OrderChanged) to check the guest's ticket list and to pass it on in
 * TicketsIssued. Tickets made before get a key here from PostgreSQL's CSPRNG; orders seen before have no guest key
 * until their next change, and their ticket list answers empty until then (their tickets open with their own keys).
 */
export class Migration20270401TicketingAccessKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table ticket add column access_key text null`);
    this.addSql(`
      update ticket set access_key = translate(rtrim(encode(substring(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea) from 1 for 16), 'base64'), '='), '+/', '-_')`);
    this.addSql(`alter table ticket alter column access_key set not null`);
    this.addSql(`alter table ticket add constraint ticket_access_key_shape check (access_key ~ '^[A-Za-z0-9_-]{22}$')`);
    this.addSql(`alter table order_state add column guest_access_key text null`);
  }
}
